// How far the page's wasm has come, on the loading line (docs/ARCHITECTURE.md, "Before the app
// starts"). Trunk's initializer hook (index.html, data-initializer): Trunk fetches the module
// through this, so on a slow connection the line says how much of it has arrived instead of
// "Loading…" for a minute. The figures are of the module as it is decoded, so they are the same
// whether or not the server compresses it.
export default function loading() {
  const bar = () => document.querySelector('[data-testid="boot-progress"]');
  const line = () => document.querySelector('[data-testid="boot-message"]');
  let shownTenth = -1;
  return {
    onProgress({ current, total }) {
      const progress = bar();
      if (!progress || !(total > 0)) return;
      progress.hidden = false;
      progress.max = total;
      progress.value = Math.min(current, total);
      // The line is a live region: it changes in tenths, not with every chunk, so that a
      // screen reader is not read a number per packet; below a tenth it keeps "Loading…".
      const tenth = Math.floor((10 * Math.min(current, total)) / total);
      if (tenth === 0 || tenth === shownTenth || !line()) return;
      shownTenth = tenth;
      line().textContent =
        current >= total ? 'Starting Quota Lab…' : `Loading Quota Lab… ${tenth * 10}%`;
    },
    onFailure(reason) {
      // Trunk's hook swallows the failure; thrown again, it reaches public/boot.js, which says
      // why the app could not start.
      throw reason;
    },
  };
}
