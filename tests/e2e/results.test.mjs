// End-to-end tests of the RESULTS zone: the worker runs the scenario, the charts and KPI cards
// show it, an edit updates them, and a job's story opens. Timings printed here ("timing: …") are
// the numbers in docs/PERFORMANCE.md.

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT = readFileSync(join(ROOT, 'scenarios/default.json'), 'utf8');
const EVIL = '<img src=x onerror=alert(1)>';

const ready = (page) => page.locator('[data-testid="app-ready"]');

/** Opens the app and waits until the results of what is on screen are rendered. */
async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
}

/** The revision the rendered results belong to (the root carries it only while current). */
const revision = (page) => ready(page).getAttribute('data-revision');

/** The default scenario scaled to `jobs` jobs on a pool ten times larger, with no horizon. */
function scaledScenario(jobs, name = `${jobs} jobs`) {
  const s = JSON.parse(DEFAULT);
  s.name = name;
  delete s.horizon_h;
  s.capacity[0].count = 30;
  for (const share of s.quota_shares) share.capacity_limits[0].max_capacity = 10;
  const span = jobs / 20; // hours over which the jobs arrive: about 20 an hour
  const [bg, medium, batch] = s.job_mixes;
  bg.count = Math.round(jobs * 0.4);
  bg.arrivals = { every_h: span / bg.count, start_h: 0 };
  medium.count = Math.round(jobs * 0.4);
  medium.arrivals = { poisson_per_h: medium.count / span, start_h: 0 };
  batch.count = jobs - bg.count - medium.count;
  batch.arrivals = { every_h: span / batch.count, start_h: 0 };
  return s;
}

/** Imports a scenario through the header's file input, as a user would. */
async function importScenario(page, scenario, fileName = 'scenario.json') {
  const before = await page.locator('.results-root').getAttribute('data-revision');
  await page.locator('[data-testid="import-file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  const confirm = page.locator('[data-testid="confirm-replace"]');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  return before;
}

/** Waits until results newer than `before` are rendered; resolves to the new revision. */
async function waitForNewResults(page, before, timeout = 60_000) {
  await page.waitForFunction(
    (was) => {
      const el = document.querySelector('[data-testid="app-ready"]');
      return el && el.getAttribute('data-revision') !== was;
    },
    before,
    { timeout },
  );
  return revision(page);
}

/**
 * Sets the first share card's strategy and measures, in the page's own clock, the time from the
 * change event to the first animation frame after results of the new revision are rendered.
 */
async function timeStrategyEdit(page, strategy) {
  const select = page.locator('[data-testid="share-card"]').first().getByLabel('Strategy', { exact: true });
  const handle = await select.elementHandle();
  return page.evaluate(
    ([el, value]) =>
      new Promise((done) => {
        const root = () => document.querySelector('.results-root');
        const was = root().getAttribute('data-revision');
        const t0 = performance.now();
        el.value = value;
        el.dispatchEvent(new Event('change', { bubbles: true }));
        const check = () => {
          const r = root();
          if (r.getAttribute('data-testid') === 'app-ready' && r.getAttribute('data-revision') !== was) {
            done(performance.now() - t0);
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      }),
    [handle, strategy],
  );
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Toggles the first share's strategy `n` times, at a person's pace (half a second apart, so each
 * edit is a lone edit, not a burst the debounce would hold back), and prints the times.
 */
async function measureEdits(page, label, n) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    await page.waitForTimeout(500);
    times.push(await timeStrategyEdit(page, i % 2 === 0 ? 'RESERVE' : 'LEND_AND_BORROW'));
  }
  const ran = await page.locator('[data-testid="run-status"]').innerText();
  console.log(`    timing: ${label}: edit to updated charts, median ${median(times).toFixed(0)} ms ` +
    `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, n=${n}); status "${ran}"`);
  return times;
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export const tests = [
  {
    name: 'default scenario: KPI cards and a chart of real data appear',
    async fn(page, ctx) {
      await open(page, ctx);
      const cards = page.locator('[data-testid="kpi-card"]');
      assert((await cards.count()) === 3, `expected 3 KPI cards, got ${await cards.count()}`);
      const first = await cards.first().innerText();
      assert(/background/.test(first) && /p90/.test(first) && /\$/.test(first), `KPI card lacks numbers: ${first}`);
      const chart = page.locator('[data-testid="chart"] .chart-svg svg');
      await chart.first().waitFor();
      const text = await chart.first().textContent();
      for (const share of ['background', 'medium', 'protected']) assert(text.includes(share), `chart legend lacks ${share}`);
      assert(text.includes('completion time'), 'chart x axis is not labelled');
      const status = await page.locator('[data-testid="run-status"]').innerText();
      assert(/ran in \d+ ms/.test(status), `run status: "${status}"`);
      await page.screenshot({ path: join(ROOT, 'docs/results.png') });
    },
  },
  {
    name: 'changing a share strategy changes the numbers and shows what changed',
    async fn(page, ctx) {
      await open(page, ctx);
      const card = page.locator('[data-testid="kpi-card"]').first();
      const before = await card.innerText();
      const times = await measureEdits(page, 'default scenario (18 jobs)', 9);
      assert(times.every((t) => t < 2000), `an edit took ${Math.max(...times)} ms`);
      const after = await card.innerText();
      assert(after !== before, 'the KPI card did not change after the strategy changed');
      const deltas = await page.locator('[data-testid="kpi-delta"]').allInnerTexts();
      assert(deltas.some((d) => /^[▲▼] /.test(d)), `no delta shown: ${deltas.join(' | ')}`);
      await page.screenshot({ path: join(ROOT, 'docs/results-after-edit.png') });
    },
  },
  {
    name: "a job's story opens from the table and from the Gantt chart",
    async fn(page, ctx) {
      await open(page, ctx);
      await page.locator('[data-testid="job-row"]').first().click();
      const story = page.locator('[data-testid="job-story"]');
      await story.waitFor();
      assert(/Submitted at/.test(await story.innerText()), 'story lacks its submission');
      assert((await story.locator('[data-testid="story-attempt"]').count()) > 0, 'story lacks attempts');
      await page.keyboard.press('Escape');
      await story.waitFor({ state: 'detached' });

      await page.click('[data-testid="tab-timeline"]');
      const bar = page.locator('[data-testid="gantt-bar"]').first();
      const job = await bar.getAttribute('data-job');
      await bar.click();
      await story.waitFor();
      assert((await story.locator('h3').innerText()) === job, `Gantt bar of ${job} opened another story`);
      await page.screenshot({ path: join(ROOT, 'docs/results-story.png') });
    },
  },
  {
    name: "the worker's result is byte for byte the engine's on the main thread",
    async fn(page, ctx) {
      await open(page, ctx);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-json"]')]);
      const fromWorker = readFileSync(await download.path(), 'utf8');
      const direct = await page.evaluate((json) => window.wasmBindings.quotalabResultOnMainThread(json), DEFAULT);
      assert(fromWorker.length > 1000, 'the exported result is suspiciously small');
      assert(fromWorker === direct, 'the worker result differs from the engine run on the main thread');
    },
  },
  {
    name: 'exports: jobs CSV, chart SVG and PNG',
    async fn(page, ctx) {
      await open(page, ctx);
      const save = async (testid) => {
        const [d] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid="${testid}"]`).first().click()]);
        return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
      };
      const csv = await save('export-csv');
      assert(csv.bytes.toString().split('\n').length === 18 + 2, 'CSV has a header and one line per job');
      const svg = await save('export-svg');
      assert(svg.name.endsWith('.svg') && svg.bytes.toString().startsWith('<svg'), 'SVG export');
      const png = await save('export-png');
      assert(png.name.endsWith('.png') && png.bytes.subarray(1, 4).toString() === 'PNG', 'PNG export');
    },
  },
  {
    name: 'a name typed by a user is text in the cards and charts, never markup',
    async fn(page, ctx) {
      await open(page, ctx);
      const s = JSON.parse(DEFAULT);
      s.quota_shares[0].name = EVIL;
      s.job_mixes[0].share = EVIL;
      const before = await importScenario(page, s, 'evil.json');
      await waitForNewResults(page, before);
      assert((await page.locator('.results-root img').count()) === 0, 'an <img> element was created');
      assert((await page.locator('[data-testid="kpi-card"]').first().innerText()).includes(EVIL), 'KPI card lacks the literal name');
      assert((await page.locator('[data-testid="chart"] svg').first().textContent()).includes(EVIL), 'chart lacks the literal name');
    },
  },
  {
    name: '10,000 jobs: time from edit to updated charts',
    async fn(page, ctx) {
      await open(page, ctx);
      const before = await importScenario(page, scaledScenario(10_000), 'ten-thousand.json');
      await waitForNewResults(page, before, 100_000);
      const times = await measureEdits(page, '10,000 jobs', 5);
      assert(times.every((t) => t < 30_000), `an edit took ${Math.max(...times)} ms`);
    },
  },
  {
    name: 'a large run shows its progress and can be cancelled',
    async fn(page, ctx) {
      await open(page, ctx);
      await importScenario(page, scaledScenario(60_000), 'sixty-thousand.json');
      const progress = page.locator('[data-testid="run-progress"]');
      await progress.waitFor({ timeout: 60_000 });
      assert(/events/.test(await progress.innerText()), 'progress does not count events');
      assert(await page.locator('.results-root.stale').isVisible(), 'stale results are not marked as such');
      await progress.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('[data-testid="run-status"]', { hasText: 'run cancelled' }).waitFor();
      assert((await ready(page).count()) === 0, 'results of the old scenario are marked ready');
    },
  },
  {
    name: 'dark mode follows the toggle',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.click('[data-testid="theme-toggle"]');
      assert((await page.getAttribute('html', 'data-theme')) === 'dark', 'the toggle did not select dark');
      const bg = await page.locator('.results-root').evaluate((el) => getComputedStyle(el).backgroundColor);
      assert(bg === 'rgb(20, 24, 29)', `results background in dark mode is ${bg}`);
      await page.screenshot({ path: join(ROOT, 'docs/results-dark.png') });
    },
  },
];
