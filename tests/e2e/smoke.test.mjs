// Smoke test: the built site loads, simulates its default scenario and shows the results.

export const tests = [
  {
    name: 'default scenario is simulated and its results are shown',
    async fn(page, ctx) {
      await page.goto(ctx.baseUrl);
      // The app sets data-testid="app-ready" once the default scenario has been simulated and
      // the results are rendered. The first load compiles the wasm, so allow a minute.
      const ready = page.locator('[data-testid="app-ready"]').first();
      await ready.waitFor({ state: 'attached', timeout: 60_000 });

      const kpiCards = page.locator('[data-testid="kpi-card"]');
      if ((await kpiCards.count()) === 0) throw new Error('no [data-testid="kpi-card"] on the page');
      const kpiText = (await kpiCards.first().innerText()).trim();
      if (kpiText === '') throw new Error('the first kpi-card is empty');

      const status = await page.locator('[data-testid="status-bar"]').first().innerText();
      if (!/\bjobs\b/.test(status)) {
        throw new Error(`the status bar does not mention jobs: "${status}"`);
      }

      // README shows this picture.
      await ctx.screenshot('screenshot');
    },
  },
];
