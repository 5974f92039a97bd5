// The simulation worker (docs/ARCHITECTURE.md, "One module for the page and the simulation
// worker"). It runs the page's own wasm: the page's message names its wasm-bindgen script and
// carries its compiled WebAssembly.Module, so nothing is downloaded or compiled twice. A worker
// started while the page's wasm still downloads (public/simulation-worker-start.js) is first
// posted only the script's address, and imports it at once; the module follows. Once the module
// is instantiated, `quotalabServeSimulation` takes over this worker's messages and posts
// `Ready`. The page does not wait for `Ready` to ask (src/worker/boot.rs,
// `Boot::keeps_early_requests`): what comes before is kept here and served then, in order. A
// failure to start is rethrown outside the promise, so it reaches the page as this worker's
// `error` event and the run ends with its reason.
self.onmessage = (event) => {
  const { glue, module } = event.data;
  // A module imported twice is fetched and run once: the early import is the one awaited here.
  const imported = import(glue);
  if (!module) {
    // The early start: only the fetch matters; a failure shows when the module's message comes.
    imported.catch(() => {});
    return;
  }
  const early = [];
  self.onmessage = (request) => early.push(request.data);
  imported
    .then(async (bindings) => {
      await bindings.default({ module_or_path: module });
      bindings.quotalabServeSimulation();
      for (const data of early) self.dispatchEvent(new MessageEvent('message', { data }));
    })
    .catch((error) => {
      setTimeout(() => {
        throw error;
      });
    });
};
