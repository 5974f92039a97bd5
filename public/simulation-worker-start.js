// Starts the simulation worker while the page's wasm downloads (docs/ARCHITECTURE.md, "One
// module for the page and the simulation worker"). The worker runs the page's own module, which
// the page can post it only once that module is compiled; started then, the worker would still
// have to fetch its script and the wasm-bindgen glue, two round trips more before the first run
// (docs/PERFORMANCE.md, "First chart on a slow link"). Started here, it fetches both now and
// waits: the page's first simulation worker (src/worker/boot.rs) takes it from
// `window.quotalabSimulationWorker` and posts it the module. A classic script, after Trunk's
// preloads (tools/preloads-first.mjs), since it reads the glue's address from them as
// src/worker/boot.rs does.
(() => {
  const glue = document.querySelector('link[rel=modulepreload]:not([href*="snippets/"])')?.href;
  if (!glue || typeof Worker !== 'function') return;
  const worker = new Worker('./simulation-worker.js', { type: 'module' });
  worker.postMessage({ glue });
  // A worker that failed before the page took it is dropped, so the page starts its own and
  // hears why that one fails; once taken, its failures are the page's to handle.
  worker.addEventListener('error', () => {
    if (window.quotalabSimulationWorker !== worker) return;
    delete window.quotalabSimulationWorker;
    worker.terminate();
  });
  window.quotalabSimulationWorker = worker;
})();
