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

      // The loading line of index.html is gone once the app is there.
      if (!(await page.locator('.boot').isHidden())) throw new Error('"Loading Quota Lab…" is still shown');

      // README shows this picture.
      await ctx.screenshot('screenshot');
    },
  },
  {
    name: 'a page that cannot fetch the app says why instead of loading forever',
    async fn(page, ctx) {
      // A second page of the same profile, which the runner does not watch: its failure is the
      // point. The wasm is cut off as a dropped connection would.
      const cut = await page.context().newPage();
      await cut.route(/_bg\.wasm$/, (route) => route.abort('connectionreset'));
      await cut.goto(ctx.baseUrl);
      const line = cut.locator('[data-testid="boot-message"]');
      if (!/Loading Quota Lab|could not start/.test(await line.innerText())) {
        throw new Error(`the page shows no loading line: ${await line.innerText()}`);
      }
      await cut.waitForFunction(
        () => /could not start/.test(document.querySelector('[data-testid="boot-message"]')?.textContent ?? ''),
        null,
        { timeout: 30_000 },
      );
      const text = await line.innerText();
      console.log(`    ${text}`);
      if (!/reload the page/.test(text)) throw new Error(`the message does not say what to do: ${text}`);
      if (!(await line.isVisible())) throw new Error('the failure is not visible');
      await cut.screenshot({ path: 'target/boot-failed.png' });
      await cut.close();
    },
  },
  {
    name: 'on a slow connection the loading line says how much of the app has arrived',
    async fn(page, ctx) {
      // A second page, its cache off and its connection at 2 MB/s, so the wasm takes seconds.
      const slow = await page.context().newPage();
      const cdp = await page.context().newCDPSession(slow);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 2_000_000,
        uploadThroughput: 500_000,
      });
      await slow.goto(ctx.baseUrl);
      // Part of the way: the bar is shown and not full, and the line names a share of it.
      const midway = await slow.waitForFunction(
        () => {
          const bar = document.querySelector('[data-testid="boot-progress"]');
          const line = document.querySelector('[data-testid="boot-message"]')?.textContent ?? '';
          return bar && !bar.hidden && bar.value < bar.max && /[1-9]\d*%/.test(line)
            ? { value: bar.value, max: bar.max, line }
            : null;
        },
        null,
        { timeout: 30_000, polling: 50 },
      );
      const { value, max, line } = await midway.jsonValue();
      console.log(`    ${line} (${value} of ${max} bytes)`);
      const percent = Number(/(\d+)%/.exec(line)[1]);
      if (percent > (100 * value) / max) {
        throw new Error(`the line says ${percent}% at ${value} of ${max} bytes`);
      }
      await slow.screenshot({ path: 'target/boot-progress.png' });
      // The bar's whole is the page's wasm itself.
      const wasmUrl = await slow.evaluate(
        () => document.querySelector('link[rel="preload"][href$="_bg.wasm"]')?.href,
      );
      if (wasmUrl) {
        const size = Number((await (await fetch(wasmUrl)).arrayBuffer()).byteLength);
        if (size !== max) throw new Error(`the bar counts to ${max} bytes; the wasm is ${size}`);
      }
      // And then the app starts as on any connection.
      await slow.locator('[data-testid="app-ready"]').first().waitFor({ state: 'attached', timeout: 90_000 });
      if (!(await slow.locator('.boot').isHidden())) throw new Error('the loading line is still shown');
      await slow.close();
    },
  },
  {
    name: 'the first chart is drawn before the editor is built, and the editor follows',
    async fn(page, ctx) {
      // When the editor's panel enters the page, on the page's clock (docs/PERFORMANCE.md,
      // "The chart before the builder").
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.getElementById('build-panel')) {
            window.editorBuiltAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(ctx.baseUrl);
      await page.locator('#build-panel').waitFor({ timeout: 60_000 });
      const [drawn, built] = await page.evaluate(() => [
        performance.getEntriesByName('quotalab:result-drawn')[0]?.startTime,
        window.editorBuiltAt,
      ]);
      console.log(`    first chart drawn at ${Math.round(drawn)} ms, editor built at ${Math.round(built)} ms`);
      if (!(drawn > 0)) throw new Error('no first chart was drawn');
      if (!(built > drawn)) throw new Error(`the editor (${built} ms) was built before the first chart (${drawn} ms)`);
      // The editor is whole and usable: a tab of it answers.
      await page.locator('#f-quota_shares-0--strategy').selectOption('RESERVE');
      if ((await page.locator('#f-quota_shares-0--strategy').inputValue()) !== 'RESERVE') {
        throw new Error('the editor did not take the edit');
      }
    },
  },
  {
    name: 'a restored scenario that cannot run still gets its editor',
    async fn(page, ctx) {
      await page.goto(ctx.baseUrl);
      // Two quota shares of one name: the scenario has an error and does not run.
      const name = page.locator('#f-quota_shares-1--name');
      await name.fill('protected');
      await page.locator('[data-testid="status-bar"]', { hasText: /\d+ errors?,/ }).waitFor();
      // The autosave now holds it: reloaded, it does not run, so no first chart is coming and
      // the editor comes with the page's first views, not after the wait for a chart.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-testid="status-bar"]')) {
            window.editorWithFirstViews = Boolean(document.getElementById('build-panel'));
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload();
      await name.waitFor({ timeout: 60_000 });
      if ((await name.inputValue()) !== 'protected') throw new Error(`the restored name is ${await name.inputValue()}`);
      const drawn = await page.evaluate(() => performance.getEntriesByName('quotalab:result-drawn').length);
      if (drawn !== 0) throw new Error('a scenario with an error was drawn');
      if (!(await page.evaluate(() => window.editorWithFirstViews))) {
        throw new Error('the editor came after the first views, as if a chart were awaited');
      }
    },
  },
];
