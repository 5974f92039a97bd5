// What someone new and a workshop need besides the presenter view: "How this works" with a
// picture per concept, a blank scenario, text that is not a number making the status invalid
// and the results out of date, a Sweep that shows no error before it ran, and unique ids.

const READY = '[data-testid="app-ready"]';

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await page.locator(READY).first().waitFor({ state: 'attached', timeout: 60_000 });
}

export const tests = [
  {
    name: 'How this works explains each concept with a picture; a blank scenario opens',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.locator('[data-testid="open-how-it-works"]').click();
      const concepts = page.locator('[data-testid="concept"]');
      expect((await concepts.count()) === 9, `${await concepts.count()} concepts`);
      const text = await page.locator('[data-testid="how-it-works"]').innerText();
      for (const word of ['RESERVE', 'LEND_AND_BORROW', 'Borrow limit', 'Reclaim', 'In-share preemption', 'preference list', 'Training plan', 'Spot']) {
        expect(text.includes(word), `explains ${word}`);
      }
      expect((await page.locator('[data-testid="concept"] svg rect').count()) > 9 * 3, 'each has a picture');
      await ctx.screenshot('how-it-works');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Examples' }).click();
      await page.locator('[data-testid="example-blank"]').click();
      const name = await page.locator('[data-testid="scenario-name"]').innerText();
      expect(name === 'Blank scenario', `opened ${name}`);
    },
  },
  {
    name: '"abc" in a number field makes the status invalid and the results out of date',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.locator('#f-quota_shares-0--capacity_limits-0--max_capacity').fill('abc');
      const status = await page.locator('[data-testid="status-bar"]').innerText();
      expect(/1 error/.test(status), `status: ${status}`);
      const note = await page.locator('[data-testid="stale-note"]').innerText();
      expect(/not a number/.test(note), `results: ${note}`);
      expect((await page.locator(READY).count()) === 0, 'the results are not marked current');
      await page.locator('#f-quota_shares-0--capacity_limits-0--max_capacity').fill('1');
      await page.locator(READY).first().waitFor({ state: 'attached', timeout: 30_000 });
    },
  },
  {
    name: 'Sweep shows what to do, not an error, before anything ran; every id on the page is unique; every tab controls its panel',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.locator('[data-testid="mode-sweep"]').click();
      await page.locator('[data-testid="sweep-hint"]').waitFor();
      expect((await page.locator('[data-testid="sweep-problems"]').count()) === 0, 'no problems listed');
      for (const tab of ['Scenario', 'Capacity', 'Shares', 'Workload', 'Events']) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).first().click();
        const twice = await page.evaluate(() => {
          const seen = new Set();
          return [...document.querySelectorAll('[id]')].map((e) => e.id).filter((id) => seen.has(id) || !seen.add(id));
        });
        expect(twice.length === 0, `${tab}: ids used twice: ${twice.join(', ')}`);
      }
      // Every tab names the panel it shows, and that panel names its tab back (the ARIA tabs
      // pattern), in every tab list on the page.
      const unpaired = await page.evaluate(() => [...document.querySelectorAll('[role="tab"]')]
        .filter((tab) => {
          const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
          return !panel || panel.getAttribute('role') !== 'tabpanel';
        })
        .map((tab) => tab.id || tab.textContent));
      expect(unpaired.length === 0, `tabs without their panel: ${unpaired.join(', ')}`);
    },
  },
];
