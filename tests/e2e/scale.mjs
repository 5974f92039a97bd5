// The scaled default scenario, a trace's jobs listed one by one, and the page actions that time
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
