// The size public/loading.js counts the page's wasm to (tools/post-build.mjs runs this after
// the build).
//
// Trunk writes into its loader script the wasm's size before wasm-opt shrank it, so the progress
// bar would stop short and the line would never reach 100%. withShippedWasmSize puts in the size
// of the file the page fetches. It changes the inline script, so it must run before its hash is
// taken (tools/csp-hashes.mjs).

import { statSync } from 'node:fs';
import { join } from 'node:path';

// __trunkInitializer(init, '/name_bg.wasm', 3699224, initializer(), true)
const INITIALIZER_CALL = /(__trunkInitializer\(init, '([^']*)', )(\d+)(,)/;

/** `html` with the initializer's wasm size replaced by that of the file in `staging`; as it is
 * when the page has no initializer. */
export function withShippedWasmSize(html, staging) {
  const call = html.match(INITIALIZER_CALL);
  if (!call) return html;
  const file = join(staging, call[2].replace(/^.*\//, ''));
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw new Error(`the initializer loads ${call[2]}, which is not in the build`);
  return html.replace(INITIALIZER_CALL, (_, start, _url, _old, end) => `${start}${size}${end}`);
}
