// A tiny static file server for dist/: used by `./dev serve` and by the end-to-end tests, so the
// page under test is served exactly as a developer sees it.
//
// Usage: node tools/static-server.mjs DIR [PORT]   (PORT 0 or absent picks a free port)
//
// It binds to 127.0.0.1 only and serves .wasm as application/wasm, which
// WebAssembly.instantiateStreaming requires. To a browser that accepts gzip it sends each file
// gzipped (level 9, made once per file version and kept), as static hosts serve them, so the
// first-load figures (docs/PERFORMANCE.md) count the bytes a visitor really waits for. A path without a file extension that does not exist
// falls back to index.html, as a single-page app expects.

import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { constants, gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under `root` that `urlPath` names, or null when it names nothing servable. */
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
  if (file !== root && !file.startsWith(root + sep)) return null; // no escaping the root
  if (isFile(file)) return file;
  return extname(file) === '' ? join(root, 'index.html') : null;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The gzipped bytes of `file`, made once for each version (size and time) of the file. */
const gzipped = new Map();
function gzipOf(file) {
  const { size, mtimeMs } = statSync(file);
  const key = `${file}\0${size}\0${mtimeMs}`;
  if (!gzipped.has(key)) {
    gzipped.set(key, gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }));
  }
  return gzipped.get(key);
}

/** Serves `dir` on 127.0.0.1:`port`; resolves to the running server and its base URL. */
export function serveDir(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const file = fileFor(root, req.url ?? '/');
    if (!file || !isFile(file)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const headers = {
      'content-type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    };
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const body = gzipOf(file);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((ready, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      ready({ server, baseUrl: `http://127.0.0.1:${server.address().port}/` });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir = 'dist', port = '0'] = process.argv.slice(2);
  if (!isFile(join(dir, 'index.html'))) {
    console.error(`static-server: ${dir}/index.html not found; build the site first`);
    process.exit(1);
  }
  const { baseUrl } = await serveDir(dir, Number(port));
  console.log(`Serving ${dir}/ at ${baseUrl}  (Ctrl-C to stop)`);
}
