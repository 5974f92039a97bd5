// The page's preloads, fetched first (tools/post-build.mjs runs this after the build).
//
// Trunk writes its <link rel="preload"> of the page's wasm and its <link rel="modulepreload">s of
// the wasm-bindgen glue and the loading script at the end of <head>, after the stylesheets and
// public/boot.js, so on a slow link the wasm, the largest file of the first load, is asked for
// only once those have come (docs/PERFORMANCE.md, "First chart on a slow link").
// withPreloadsFirst moves them to just after the Content-Security-Policy <meta>: before it the
// policy would not yet govern them, and after it they are the first requests the page makes.
// public/simulation-worker-start.js also reads the glue's address from them, so they must come
// before it.
//
// It fails when there is no wasm preload or no policy, so a page that would fetch its wasm late
// is never shipped silently.

const CSP_META = /<meta\s[^>]*http-equiv="Content-Security-Policy"[^>]*\/?>/i;
const PRELOAD = /<link rel="(?:module)?preload"[^>]*>/g;

/** `html` with Trunk's preload links moved to just after its Content-Security-Policy <meta>. */
export function withPreloadsFirst(html) {
  const links = html.match(PRELOAD) ?? [];
  if (!links.some((link) => /\bas="fetch"/.test(link) && /_bg\.wasm"/.test(link))) {
    throw new Error('index.html has no <link rel="preload"> of the page\'s wasm');
  }
  const rest = html.replace(PRELOAD, '');
  const meta = rest.match(CSP_META);
  if (!meta) throw new Error('index.html has no Content-Security-Policy <meta>');
  const at = meta.index + meta[0].length;
  return `${rest.slice(0, at)}\n    ${links.join('\n    ')}${rest.slice(at)}`;
}
