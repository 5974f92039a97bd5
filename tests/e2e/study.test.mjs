// End-to-end tests of studies (docs/STUDY.md): duplicate a variant, change a strategy in it, and see
// the comparison; run a sweep and see its charts; a study survives a reload and opens from a
// link in a fresh profile. Timings printed here ("timing: …") are in docs/STUDY.md.

const ready = (page) => page.locator('[data-testid="app-ready"]');

async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
}

/** Duplicates the variant on screen and sets the first share of the copy to RESERVE. */
async function makeVariantThatReserves(page) {
  await page.locator('[data-testid="duplicate-variant"]').click();
  await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
  const strategy = page.locator('[data-testid="share-card"]').first().getByLabel('Strategy', { exact: true });
  await strategy.selectOption('RESERVE');
}

/** Waits for a study run to finish and returns its status line. */
async function finished(page, timeout = 100_000) {
  const done = page.locator('[data-testid="study-done"]:visible');
  await done.waitFor({ timeout });
  return done.textContent();
}

export const tests = [
  {
    name: 'duplicate a variant, change a strategy, and see the comparison',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await makeVariantThatReserves(page);
      const t0 = Date.now();
      await page.locator('[data-testid="mode-compare"]').click();
      const status = await finished(page);
      console.log(`timing: default scenario, 2 variants x 20 seeds: ${Date.now() - t0} ms (${status.trim()})`);
      if (!/40 runs on \d+ worker/.test(status)) throw new Error(`unexpected status: ${status}`);

      const changes = await page.locator('[data-testid="compare-changes"]').textContent();
      if (!changes.includes("share 'background' strategy") || !changes.includes('RESERVE')) {
        throw new Error(`the change is not named: ${changes}`);
      }
      const shares = page.locator('[data-testid="compare-share"]');
      if ((await shares.count()) !== 3) throw new Error(`expected 3 shares, got ${await shares.count()}`);
      // The first share cannot borrow any more: some KPI of some share must differ clearly.
      const clear = await page.locator('.diff.better, .diff.worse, .diff.changed').count();
      if (clear === 0) throw new Error('no KPI differs significantly between LEND_AND_BORROW and RESERVE');
      const svgs = await page.locator('[data-testid="compare-view"] .chart-picture svg').count();
      if (svgs < 4) throw new Error(`expected CDF overlays and cost bars, found ${svgs} charts`);
      await ctx.screenshot('compare');
    },
  },
  {
    name: 'identical variants show no clear difference anywhere',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await page.locator('[data-testid="duplicate-variant"]').click();
      await page.locator('[data-testid="mode-compare"]').click();
      await finished(page);
      const clear = await page.locator('.diff.better, .diff.worse, .diff.changed').count();
      if (clear !== 0) throw new Error(`${clear} differences between identical variants`);
      const same = await page.locator('.diff.same').count();
      if (same === 0) throw new Error('no differences shown at all');
    },
  },
  {
    name: 'a sweep of capacity draws its charts with intervals',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await page.locator('[data-testid="mode-sweep"]').click();
      const param = page.locator('[data-testid="sweep-param"]');
      await param.selectOption('capacity[0].count');
      await page.locator('[data-testid="sweep-from"]').fill('1');
      await page.locator('[data-testid="sweep-to"]').fill('6');
      await page.locator('[data-testid="sweep-steps"]').fill('6');
      const view = page.locator('[data-testid="sweep-view"]');
      await view.locator('[data-testid="study-seeds"]').fill('10');
      await view.locator('[data-testid="study-seeds"]').dispatchEvent('change');
      const t0 = Date.now();
      await view.locator('[data-testid="study-run"]').click();
      const status = await finished(page);
      console.log(`timing: default scenario, sweep 6 points x 10 seeds: ${Date.now() - t0} ms (${status.trim()})`);
      const charts = await page.locator('[data-testid="sweep-view"] .chart-picture svg').count();
      if (charts !== 4) throw new Error(`expected 4 sweep charts, found ${charts}`);
      const text = await page.locator('[data-testid="sweep-view"]').textContent();
      if (!text.includes('p90 completion against')) throw new Error('no p90 chart title');
      const cli = await view.locator('[data-testid="sweep-cli"] code').textContent();
      const wanted = "quotalab sweep three-teams-share-a-g5-pool.json --param 'capacity[0].count' --values 1,2,3,4,5,6 --seeds 10";
      if (cli !== wanted) throw new Error(`the command line reads "${cli}", wanted "${wanted}"`);
      await ctx.screenshot('sweep');
    },
  },
  {
    name: 'a study survives a reload and opens from a link in a fresh profile',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await makeVariantThatReserves(page);
      await page.reload();
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      if ((await page.locator('[data-testid="variant-tab"]').count()) !== 2) {
        throw new Error('the variants did not survive the reload');
      }
      await page.locator('[data-testid="copy-link"]').click();
      const url = page.url();
      if (!url.includes('#s=1.')) throw new Error(`no link in the address bar: ${url}`);
      const other = await ctx.newPage();
      await other.goto(url);
      await ready(other).waitFor({ state: 'attached', timeout: 60_000 });
      const tabs = other.locator('[data-testid="variant-tab"]');
      if ((await tabs.count()) !== 2) throw new Error('the link did not carry both variants');
      await tabs.nth(1).click();
      const strategy = other.locator('[data-testid="share-card"]').first().getByLabel('Strategy', { exact: true });
      if ((await strategy.inputValue()) !== 'RESERVE') throw new Error('the second variant lost its edit');
    },
  },
];
