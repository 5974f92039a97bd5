// Trunk post-build hook (see Trunk.toml): finishes the built index.html. Trunk runs the hooks of
// one stage at the same time, so the steps that rewrite the page are one hook, in order: the
// wasm size the loading bar counts to (wasm-size.mjs), Trunk's preloads moved to the top of the
// page (preloads-first.mjs), then the hashes of the inline scripts
// the Content-Security-Policy allows (csp-hashes.mjs), which must see the final text; last, the
// offline copy's list of files and version (service-worker-files.mjs), which must see every
// file as shipped.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withScriptHashes } from './csp-hashes.mjs';
import { withPreloadsFirst } from './preloads-first.mjs';
import { SERVICE_WORKER, withBuildFiles } from './service-worker-files.mjs';
import { withShippedWasmSize } from './wasm-size.mjs';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('post-build: TRUNK_STAGING_DIR is not set; run me as a Trunk post_build hook');
  process.exit(1);
}
const file = join(staging, 'index.html');
try {
  const html = readFileSync(file, 'utf8');
  writeFileSync(file, withScriptHashes(withPreloadsFirst(withShippedWasmSize(html, staging))));
  const worker = join(staging, SERVICE_WORKER);
  writeFileSync(worker, withBuildFiles(readFileSync(worker, 'utf8'), staging));
} catch (err) {
  console.error(`post-build: ${err.message}`);
  process.exit(1);
}
