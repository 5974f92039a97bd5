// What the page says before the app runs (docs/ARCHITECTURE.md, "Before the app starts").
// index.html shows "Loading Quota Lab…" until the app mounts, and style.css hides it then. If the
// app's script or wasm cannot be fetched or started (a dropped connection, a blocked file), this
// says so with the reason and what to do, instead of leaving the loading line forever. A classic
// script, so it listens before Trunk's module script starts the app.
(() => {
  let started = false;
  const fail = (error) => {
    // "Uncaught TypeError: Failed to fetch" says "Failed to fetch" to a reader.
    const reason = String(error).replace(/^Uncaught (\w*Error: )?/, '');
    const line = document.querySelector('[data-testid="boot-message"]');
    if (started || !line) return;
    line.textContent =
      `Quota Lab could not start: ${reason}. Check the connection and reload the page.`;
    line.closest('.boot').classList.add('failed');
  };
  // The offline copy (public/service-worker.js), once the first chart is drawn: its caching
  // fetches the build's files again, which must not slow the first chart (docs/PERFORMANCE.md,
  // "First chart on a slow link"). A page whose first run draws nothing (a scenario with errors)
  // registers it after FIRST_CHART_WAIT_MS. A browser without service workers (or a page not
  // served over HTTPS or from localhost) simply has no offline copy.
  const FIRST_CHART_WAIT_MS = 10_000;
  const keepOfflineCopy = () => {
    navigator.serviceWorker?.register('./service-worker.js').catch((error) => {
      console.warn(`Quota Lab works online only here: ${error.message}`);
    });
  };
  const afterFirstChart = (then) => {
    let waiting = true;
    const once = () => {
      if (!waiting) return;
      waiting = false;
      drawn.disconnect();
      then();
    };
    // The session's mark (src/results/session/mod.rs, `mark`).
    const drawn = new PerformanceObserver((marks) => {
      if (marks.getEntriesByName('quotalab:result-drawn').length > 0) once();
    });
    drawn.observe({ type: 'mark', buffered: true });
    setTimeout(once, FIRST_CHART_WAIT_MS);
  };
  addEventListener('TrunkApplicationStarted', () => {
    started = true;
    afterFirstChart(keepOfflineCopy);
  });
  addEventListener(
    'error',
    (event) => {
      const element = event.target;
      if (element && element !== window && (element.src || element.href)) {
        fail(`${element.src || element.href} could not be loaded`);
      } else if (event.message) {
        fail(event.message);
      }
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => {
    fail(String(event.reason?.message ?? event.reason));
  });
})();
