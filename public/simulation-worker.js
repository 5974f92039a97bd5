// The simulation worker (docs/ARCHITECTURE.md, "One module for the page and the simulation
// worker"). It runs the page's own wasm: the page's first message names its wasm-bindgen script
// and carries its compiled WebAssembly.Module, so nothing is downloaded or compiled twice. Once
// the module is instantiated, `quotalabServeSimulation` takes over this worker's messages and
// posts `Ready`. A failure to start is rethrown outside the promise, so it reaches the page as
// this worker's `error` event and the run ends with its reason.
self.onmessage = (event) => {
  self.onmessage = null;
  const { glue, module } = event.data;
  import(glue)
    .then(async (bindings) => {
      await bindings.default({ module_or_path: module });
      bindings.quotalabServeSimulation();
    })
    .catch((error) => {
      setTimeout(() => {
        throw error;
      });
    });
};
