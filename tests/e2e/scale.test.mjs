// End-to-end tests at scale: 100,000 jobs imported through the Import button (time printed, not
// asserted; `./dev bench-browser` runs the larger sizes), its whole result downloaded on request,
// an outcome of 250,000 jobs making way for the next, and a scenario over the engine's limit
// refused before it runs.

import { readFileSync } from 'node:fs';
import { kpiCardProblems } from './kpi.mjs';
import { engineMs, importScenario, scaledScenario, timeStrategyEdit, waitForNewResults } from './scale.mjs';

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await page.locator('[data-testid="app-ready"]').waitFor({ state: 'attached', timeout: 60_000 });
}

export const tests = [
  {
    name: '100,000 jobs: import, an edit, and the whole result on request',
    async fn(page, ctx) {
      await open(page, ctx);
      const t0 = Date.now();
      const before = await importScenario(page, scaledScenario(100_000), 'hundred-thousand.json');
      await waitForNewResults(page, before, 100_000);
      const imported = Date.now() - t0;
      const importEngine = await engineMs(page);
      await page.waitForTimeout(700); // past the large-scenario debounce
      const edit = await timeStrategyEdit(page, 'RESERVE');
      console.log(`    timing: 100,000 jobs: import to charts ${imported} ms (engine ${importEngine} ms), ` +
        `edit to charts ${edit.toFixed(0)} ms (engine ${await engineMs(page)} ms)`);
      // Large counts read the same on both sides of the slash.
      const card = await page.locator('[data-testid="kpi-card"]').first().innerText();
      assert(/\b40,000 \/ 40,000\b/.test(card), `the first card's jobs done: ${card.split('\n').slice(0, 4).join(' | ')}`);
      // Values this large still leave every label on one line, the changes under their values.
      const problems = await kpiCardProblems(page);
      assert(problems.length === 0, `KPI cards at 100,000 jobs: ${problems.join('; ')}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      const rows = await page.locator('[data-testid="jobs-table"] tbody tr').count();
      assert(rows > 0 && rows <= 100, `the jobs table shows ${rows} rows, not one page`);
      // The page has only the job columns: a story is asked of the worker when it is opened.
      const t1 = Date.now();
      await page.locator('[data-testid="job-row"]').first().click();
      await page.locator('[data-testid="job-story"] [data-testid="story-attempt"]').first().waitFor({ timeout: 30_000 });
      console.log(`    timing: 100,000 jobs: a job's story from the worker in ${Date.now() - t1} ms`);
      await page.keyboard.press('Escape');
      // The worker's run left the event list out: the whole document runs the scenario again,
      // and the button says it is on its way meanwhile (then how many megabytes have come).
      const button = page.locator('[data-testid="export-json"]');
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="export-json"]');
        window.jsonLabels = [];
        new MutationObserver(() => window.jsonLabels.push(el.textContent)).observe(el, { subtree: true, characterData: true, childList: true });
      });
      const downloading = page.waitForEvent('download');
      const t2 = Date.now();
      await button.click();
      const meanwhile = await button.innerText();
      const download = await downloading;
      console.log(`    timing: 100,000 jobs: Result JSON saved ${Date.now() - t2} ms after the click`);
      assert(meanwhile.startsWith('Preparing Result JSON\u2026'), `while it is made the button reads "${meanwhile}"`);
      const labels = await page.evaluate(() => window.jsonLabels);
      assert(labels.some((l) => /^Preparing Result JSON\u2026 \d+ MB$/.test(l)), `the button never counted what had come: ${[...new Set(labels)].join(' | ')}`);
      const whole = JSON.parse(readFileSync(await download.path(), 'utf8'));
      assert(whole.jobs.length === 100_000, `the whole result has ${whole.jobs.length} jobs`);
      assert(whole.events.length > 200_000, `the whole result has only ${whole.events.length} events`);
    },
  },
  {
    name: '250,000 jobs: the outcome on screen makes way before the next is read, and the cards still show the change since it',
    async fn(page, ctx) {
      await open(page, ctx);
      const before = await importScenario(page, scaledScenario(250_000), 'quarter-million.json');
      await waitForNewResults(page, before, 120_000);
      await page.waitForTimeout(700); // past the large-scenario debounce
      // Above 200,000 jobs the page lets the outcome on screen go before it decodes the next
      // (docs/PERFORMANCE.md, "The page lets the outcome on screen go first"): its cards leave.
      await page.evaluate(() => {
        const root = document.querySelector('.results-root');
        window.cardsLeft = false;
        new MutationObserver(() => {
          if (!root.querySelector('[data-testid="kpi-card"]')) {
            window.cardsLeft = true;
            window.meanwhile = root.querySelector('.placeholder')?.textContent ?? window.meanwhile;
          }
        }).observe(root, { childList: true, subtree: true });
      });
      const edit = await timeStrategyEdit(page, 'RESERVE');
      console.log(`    timing: 250,000 jobs: edit to charts ${edit.toFixed(0)} ms (engine ${await engineMs(page)} ms)`);
      assert(await page.evaluate(() => window.cardsLeft), 'the outcome on screen stayed while the next was read');
      const meanwhile = await page.evaluate(() => window.meanwhile);
      assert(meanwhile === 'Reading the new results\u2026', `meanwhile the results said "${meanwhile}"`);
      assert((await page.locator('[data-testid="kpi-card"]').count()) === 3, 'the new outcome has no cards');
      const since = await page.locator('[data-testid="kpi-since"]').count();
      assert(since > 0, 'the cards lost the change since the previous run');

      // An edit made while the outcome is being read starts a run of its own: the outcome read
      // meanwhile is shown, and the status keeps saying the newer run goes until it has ended.
      const select = page.locator('[data-testid="share-card"]').first().getByLabel('Strategy', { exact: true });
      await page.waitForTimeout(700); // past the large-scenario debounce
      await select.evaluate((el) => {
        const root = document.querySelector('.results-root');
        window.step = 'edited';
        new MutationObserver(() => {
          if (window.step === 'edited' && root.querySelector('.placeholder')?.textContent === 'Reading the new results\u2026') {
            window.step = 'edited again';
            el.value = 'LEND';
            el.dispatchEvent(new Event('change', { bubbles: true }));
          } else if (window.step === 'edited again' && root.querySelector('[data-testid="kpi-card"]')) {
            window.step = 'shown';
            window.statusThen = document.querySelector('[data-testid="run-status"]').innerText;
          }
        }).observe(root, { childList: true, subtree: true });
        el.value = 'LEND_AND_BORROW';
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.waitForFunction(() => window.step === 'shown', null, { timeout: 120_000 });
      const statusThen = await page.evaluate(() => window.statusThen);
      assert(!/ran in/.test(statusThen), `while the newer run went, the status read "${statusThen}"`);
      await page.locator('.results-root[data-testid="app-ready"]').waitFor({ timeout: 120_000 });
      assert(/ran in/.test(await page.locator('[data-testid="run-status"]').innerText()), 'the newer run never ended');
      assert((await select.inputValue()) === 'LEND', 'the second edit was lost');
    },
  },
  {
    name: 'a scenario over five million jobs is refused before it runs, naming the limit and how to run a sample',
    async fn(page, ctx) {
      await open(page, ctx);
      await importScenario(page, scaledScenario(5_000_010), 'five-million-and-ten.json');
      const diagnostics = page.locator('[data-testid="diagnostics"]');
      await diagnostics.waitFor({ timeout: 30_000 });
      const text = await diagnostics.innerText();
      assert(/5,000,010 jobs/.test(text) && /the limit is 5,000,000 jobs/.test(text) && /--sample N/.test(text), `unclear refusal: ${text}`);
      const status = await page.locator('[data-testid="run-status"]').innerText();
      assert(/fix 1 error to run/.test(status), `the status reads "${status}"`);
      assert((await page.locator('[data-testid="run-progress"]').count()) === 0, 'it runs anyway');
    },
  },
];
