// Trunk post-build hook (see Trunk.toml): allow the page's inline scripts by hash.
//
// index.html's Content-Security-Policy carries the token INLINE_SCRIPT_HASHES in script-src.
// This script replaces it with one 'sha256-…' source per inline <script> of the built page; in
// practice that is the module script Trunk injects to load the wasm. Its text names the
// content-hashed file names, so its hash is only known once the build is done.
//
// It fails the build when the token is missing, so a policy that would block the app's loader is
// never shipped silently.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
function withScriptHashes(html) {
  const meta = html.match(CSP_META);
  if (!meta || !meta[2].includes(TOKEN)) {
    throw new Error(`no Content-Security-Policy <meta> containing ${TOKEN} in index.html`);
  }
  const hashes = inlineScriptHashes(html).join(' ');
  return html.replace(CSP_META, (_, start, policy, end) =>
    start + policy.replace(TOKEN, hashes) + end);
}

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('csp-hashes: TRUNK_STAGING_DIR is not set; run me as a Trunk post_build hook');
  process.exit(1);
}
const file = join(staging, 'index.html');
try {
  writeFileSync(file, withScriptHashes(readFileSync(file, 'utf8')));
} catch (err) {
  console.error(`csp-hashes: ${err.message}`);
  process.exit(1);
}
