// The scaled default scenario, a trace's jobs listed one by one, a cluster's log to import as a
// trace, and the page actions that time
// them, shared by the e2e tests (results.test.mjs, scale.test.mjs) and `./dev bench-browser`
// (tools/bench-browser.mjs).
// Not a test file itself: run.mjs collects only *.test.mjs.

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT = readFileSync(join(ROOT, 'scenarios/default.json'), 'utf8');

/**
 * The default scenario scaled to `jobs` jobs on a pool ten times larger, with no horizon: the
 * same three shares and job mixes, 30 g5 instances, 10 per share, about 20 jobs arriving per hour.
 */
export function scaledScenario(jobs, name = `${jobs} jobs`) {
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

/**
 * The bundled Philly sample (scenarios/philly-trace.json) with its jobs repeated every 400 hours,
 * each copy renamed `<name>-r<k>`, to `jobs` jobs listed one by one. 400 hours apart, the
 * copies barely overlap, so the capacity keeps up and the run ends.
 */
export function traceScenario(jobs) {
  const s = JSON.parse(readFileSync(join(ROOT, 'scenarios/philly-trace.json'), 'utf8'));
  const sample = s.jobs;
  delete s.horizon_h;
  s.name = `Philly trace repeated to ${jobs} jobs`;
  s.jobs = Array.from({ length: jobs }, (_, i) => {
    const k = Math.floor(i / sample.length);
    const job = sample[i % sample.length];
    return { ...job, name: `${job.name}-r${k}`, submit_h: Math.round((job.submit_h + k * 400) * 1e6) / 1e6 };
  });
  return s;
}

/**
 * A Standard Workload Format log of `jobs` jobs, as a cluster's accounting writes one: a job a
 * minute on average, runs of two hours on average, 1 to 128 processors on a machine of 4,096,
 * 200 users in 12 groups and 16 queues, each job with its recorded wait. Drawn from a fixed
 * seed, so every call makes the same log. Imported through "Import trace…", each job carries
 * its observed start and end, so the run is calibrated against them.
 */
export function swfLog(jobs) {
  let state = 7;
  const random = () => {
    // mulberry32: small, and the same in every JavaScript engine.
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const exponential = (mean) => Math.floor(-mean * Math.log(1 - random()));
  const sizes = [1, 1, 2, 4, 8, 8, 16, 32, 64, 128];
  const lines = ['; Version: 2.2', '; Computer: a synthetic cluster (tests/e2e/scale.mjs, swfLog)', '; MaxProcs: 4096'];
  let submit = 0;
  for (let k = 1; k <= jobs; k += 1) {
    submit += exponential(60);
    const run = Math.max(1, exponential(7200));
    const procs = sizes[Math.floor(random() * sizes.length)];
    const user = 1 + Math.floor(random() * 200);
    const group = 1 + Math.floor(random() * 12);
    const queue = 1 + Math.floor(random() * 16);
    lines.push(`${k} ${submit} ${exponential(600)} ${run} ${procs} -1 -1 ${procs} -1 -1 1 ${user} ${group} -1 ${queue} -1 -1 -1`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Imports trace files through "Import trace…", as a user would: picks them, waits for the
 * preview, applies it. Resolves to the results' revision before, and the moment the preview
 * showed (`Date.now()`).
 */
export async function importTrace(page, files, timeout = 600_000) {
  const before = await page.locator('.results-root').getAttribute('data-revision');
  await page.locator('[data-testid="open-trace-import"]').click();
  await page.locator('[data-testid="trace-files"]').setInputFiles(files);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="trace-busy"]')
      && (document.querySelector('[data-testid="trace-summary"]') || document.querySelector('[data-testid="trace-error"]')),
    null,
    { timeout, polling: 100 },
  );
  const previewed = Date.now();
  const error = page.locator('[data-testid="trace-error"]');
  if (await error.count()) throw new Error(`the trace was not imported: ${await error.innerText()}`);
  await page.locator('[data-testid="trace-apply"]').click();
  const confirm = page.locator('[data-testid="confirm-replace"]');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  return { before, previewed };
}

/**
 * Imports a scenario through the header's file input, as a user would: `scenario` is the
 * scenario itself, or the path of a file holding it (Playwright hands over at most 50 MB from
 * memory; a trace of a million jobs is 232 MB).
 */
export async function importScenario(page, scenario, fileName = 'scenario.json') {
  const before = await page.locator('.results-root').getAttribute('data-revision');
  await page.locator('[data-testid="import-file"]').setInputFiles(typeof scenario === 'string' ? scenario : {
    name: fileName,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  const confirm = page.locator('[data-testid="confirm-replace"]');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  return before;
}

/** Waits until results newer than `before` are rendered; resolves to the new revision. */
export async function waitForNewResults(page, before, timeout = 60_000) {
  await page.waitForFunction(
    (was) => {
      const el = document.querySelector('[data-testid="app-ready"]');
      return el && el.getAttribute('data-revision') !== was;
    },
    before,
    { timeout, polling: 50 },
  );
  return page.locator('[data-testid="app-ready"]').getAttribute('data-revision');
}

/**
 * Sets the first share card's strategy and measures, in the page's own clock, the time from the
 * change event to the first animation frame after results of the new revision are rendered.
 */
export async function timeStrategyEdit(page, strategy) {
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

/** The engine's own time of the last run, from the status line ("ran in 1,234 ms"). */
export async function engineMs(page) {
  const status = await page.locator('[data-testid="run-status"]').innerText();
  return Number(/ran in ([\d,]+) ms/.exec(status)?.[1].replace(/,/g, '') ?? NaN);
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
