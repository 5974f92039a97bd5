// The page's inline scripts, allowed by hash (tools/post-build.mjs runs this after the build).
//
// index.html's Content-Security-Policy carries the token INLINE_SCRIPT_HASHES in script-src.
// withScriptHashes replaces it with one 'sha256-…' source per inline <script> of the built page;
// in practice that is the module script Trunk injects to load the wasm. Its text names the
// content-hashed file names, so its hash is only known once the build is done.
//
// It fails when the token is missing, so a policy that would block the app's loader is never
// shipped silently.

import { createHash } from 'node:crypto';

const TOKEN = 'INLINE_SCRIPT_HASHES';
const CSP_META = /(<meta\s[^>]*http-equiv="Content-Security-Policy"[^>]*content=")([^"]*)(")/i;

/** The SHA-256 CSP sources of the inline scripts of `html`, in document order. */
function inlineScriptHashes(html) {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const hashes = [];
  const scripts = withoutComments.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi);
  for (const [, attrs, body] of scripts) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** `html` with the CSP token replaced by the hashes of its inline scripts. */
export function withScriptHashes(html) {
  const meta = html.match(CSP_META);
  if (!meta || !meta[2].includes(TOKEN)) {
    throw new Error(`no Content-Security-Policy <meta> containing ${TOKEN} in index.html`);
  }
  const hashes = inlineScriptHashes(html).join(' ');
  return html.replace(CSP_META, (_, start, policy, end) =>
    start + policy.replace(TOKEN, hashes) + end);
}
