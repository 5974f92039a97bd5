// The offline copy's list (public/service-worker.js; docs/ARCHITECTURE.md, "Offline and
// updates"): writes the build's files and a version made from their bytes into the built
// service worker, so the worker caches exactly this build and a new build is a new worker.
//
// It fails when a placeholder is missing, so a worker that would cache nothing is never shipped.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const SERVICE_WORKER = 'service-worker.js';

/** Every file below `dir`, as paths relative to it with forward slashes, sorted. */
function filesBelow(dir, root = dir) {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesBelow(path, root) : [relative(root, path)];
    })
    .map((path) => path.split(sep).join('/'))
    .sort();
}

/**
 * The service worker's text `worker` with the build in `staging` written in: every file but the
 * worker itself (index.html as "./", the address a visit asks for), and the version, the first
 * 16 hex digits of a SHA-256 over the files' names and bytes.
 */
export function withBuildFiles(worker, staging) {
  if (!worker.includes("'BUILD_VERSION'") || !worker.includes("['BUILD_FILES']")) {
    throw new Error(`${SERVICE_WORKER} lacks the BUILD_VERSION or BUILD_FILES placeholder`);
  }
  const files = filesBelow(staging).filter((file) => file !== SERVICE_WORKER);
  const digest = createHash('sha256');
  for (const file of files) {
    digest.update(file).update('\0').update(readFileSync(join(staging, file))).update('\0');
  }
  const version = digest.digest('hex').slice(0, 16);
  const urls = files.map((file) => (file === 'index.html' ? './' : `./${file}`));
  return worker
    .replace("'BUILD_VERSION'", JSON.stringify(version))
    .replace("['BUILD_FILES']", JSON.stringify(urls));
}
