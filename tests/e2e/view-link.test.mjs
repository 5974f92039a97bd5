// A link restores the view it was copied from: the variant on screen, the RESULTS tab and the
// chart; opened in a fresh profile it reopens Compare and the comparison runs again. The KPI
// cards of V2 compare with V1 ("vs V1").

const READY = '[data-testid="app-ready"]';

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

export const tests = [
  {
    name: 'a link copied in Compare reopens Compare on the same variant and recomputes',
    async fn(page, ctx) {
      await page.goto(ctx.baseUrl);
      await page.locator(READY).first().waitFor({ state: 'attached', timeout: 60_000 });
      await page.locator('[data-testid="duplicate-variant"]').click();
      await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
      await page.locator('#f-quota_shares-0--strategy').selectOption('RESERVE');
      await page.locator('[data-testid="kpi-against"]').waitFor({ timeout: 30_000 });
      const against = await page.locator('[data-testid="kpi-against"]').innerText();
      expect(/vs V1/.test(against), `the cards say what they compare with: ${against}`);
      // The baseline runs in its own worker, so its changes can arrive after the cards.
      await page.locator('[data-testid="kpi-delta"]').first().waitFor({ timeout: 30_000 });
      expect((await page.locator('[data-testid="kpi-delta"]').count()) > 0, 'V2 shows changes against V1');
      await page.locator('[data-testid="tab-cost"]').click();
      await page.locator('[data-testid="mode-compare"]').click();
      await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
      await page.locator('[data-testid="copy-link"]').click();
      const url = page.url();
      expect(/&v=compare\.1\.cost$/.test(url), `the link carries the view: ${url.slice(-40)}`);
      const other = await ctx.newPage();
      await other.goto(url);
      await other.locator('[data-testid="mode-compare"][aria-selected="true"]').waitFor({ timeout: 60_000 });
      await other.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
      const tabs = other.locator('[data-testid="variant-tab"]');
      expect((await tabs.count()) === 2, 'both variants came through');
      expect((await tabs.nth(1).getAttribute('aria-selected')) === 'true', 'V2 is on screen');
      await other.locator('[data-testid="mode-run"]').click();
      expect((await other.locator('[data-testid="tab-cost"]').getAttribute('aria-selected')) === 'true', 'the cost chart is chosen');
    },
  },
];
