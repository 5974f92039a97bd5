// End-to-end tests of a failing simulation worker: each way a worker can fail ends the run with a
// message and a Retry, the status never stays "running", and the last good results stay on
// screen. The page's test-only hook `?worker-fault=KIND` (src/worker/fault.rs) makes
// the worker fail on purpose; the first run of the page still succeeds, except under `load`.
// Also: a trace's edit runs the jobs the worker keeps, and shows what the whole scenario shows.

import { readFileSync } from 'node:fs';
import { importScenario, waitForNewResults } from './scale.mjs';

const ready = (page) => page.locator('[data-testid="app-ready"]');
const status = (page) => page.locator('[data-testid="run-status"]');

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Opens the app with the fault `kind` and waits for the first (good) results. */
async function openWithFault(page, ctx, kind) {
  await page.goto(`${ctx.baseUrl}?worker-fault=${kind}`);
  await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
}

/**
 * Notes every run request `page` posts to a worker: its envelope's line and its length in bytes.
 * A request is posted as bytes (src/worker/wire.rs, `RequestText::to_bytes`), read here before
 * its buffer is transferred.
 */
async function noteRunsSent(page) {
  await page.addInitScript(() => {
    window.runsSent = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message instanceof Uint8Array) {
        const end = message.indexOf(10);
        const envelope = new TextDecoder().decode(message.subarray(0, end < 0 ? message.length : end));
        if (envelope.includes('"request":{"run":')) window.runsSent.push({ envelope, length: message.length });
      }
      return post.call(this, message, ...rest);
    };
  });
}

/** Changes the first share's strategy, which starts a run. */
async function edit(page, strategy) {
  const select = page.locator('[data-testid="share-card"]').first().getByLabel('Strategy', { exact: true });
  await select.selectOption(strategy);
}

/**
 * Waits until the run has failed with a message matching `pattern`, and checks that it offers
 * Retry and no longer says it is running.
 */
async function expectFailure(page, pattern) {
  const failed = page.locator('[data-testid="run-failed"]');
  await failed.waitFor({ timeout: 30_000 });
  const text = await failed.innerText();
  assert(pattern.test(text), `unexpected failure message: ${text}`);
  assert(await page.locator('[data-testid="run-retry"]').isVisible(), 'no Retry after a failure');
  const line = await status(page).innerText();
  assert(!/running|ended, simulated time/i.test(line), `the status still says it is running: ${line}`);
  return text;
}

/** The KPI cards of the last good results are still there, marked as out of date. */
async function expectLastResultsKept(page) {
  const cards = await page.locator('.results-root [data-testid="kpi-card"], .results-root .kpi-card').count();
  assert(cards > 0, 'the last good results were cleared');
  assert(await page.locator('.results-root.stale').isVisible(), 'the kept results are not marked out of date');
  assert((await ready(page).count()) === 0, 'results of an older revision are marked current');
}

/**
 * A run that fails in the worker after the first good one. Retry runs again in a fresh worker:
 * under `panic` and `throw` every later run fails too, and must fail as cleanly; `messageerror`
 * spares a fresh worker's first request, so there Retry must bring new results.
 */
function failingRun(kind, pattern, retryRecovers = false) {
  return async (page, ctx) => {
    await openWithFault(page, ctx, kind);
    await edit(page, 'RESERVE');
    const message = await expectFailure(page, pattern);
    console.log(`    ${kind}: "${message}"`);
    await expectLastResultsKept(page);
    await page.locator('[data-testid="run-retry"]').click();
    if (retryRecovers) {
      await ready(page).waitFor({ state: 'attached', timeout: 30_000 });
      assert((await page.locator('[data-testid="run-failed"]').count()) === 0, 'the failure is still shown');
      return;
    }
    await page.locator('[data-testid="run-failed"]').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
    await expectFailure(page, pattern);
    await expectLastResultsKept(page);
  };
}

export const tests = [
  {
    name: 'the simulation worker runs the page\'s own module: one wasm file is fetched, none for a worker',
    async fn(page, ctx) {
      const wasm = [];
      const workers = [];
      // The page's own fetches: the offline copy's service worker fetches the build's files
      // again once the first chart is drawn (docs/ARCHITECTURE.md, "Offline and updates"),
      // which is not a worker of the app's loading its own module.
      page.context().on('request', (r) => {
        if (r.url().endsWith('.wasm') && !r.serviceWorker()) wasm.push(r.url());
      });
      page.on('worker', (w) => workers.push(w.url()));
      await page.goto(ctx.baseUrl);
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      await edit(page, 'RESERVE');
      await ready(page).waitFor({ state: 'attached', timeout: 30_000 });
      assert(workers.some((u) => u.endsWith('/simulation-worker.js')), `no simulation worker started: ${workers.join(' ')}`);
      assert(wasm.length === 1 && /quotalab-app-[0-9a-f]+_bg\.wasm$/.test(wasm[0]), `wasm fetched: ${wasm.join(' ')}`);
      console.log(`    ${workers.length} worker(s) started, wasm fetched once: ${wasm[0].split('/').pop()}`);
    },
  },
  {
    name: 'after the first chart a warm-up worker runs once and is stopped; the session\'s worker stays',
    async fn(page, ctx) {
      // docs/PERFORMANCE.md, "The engine warmed up after the first chart".
      const simulation = [];
      page.on('worker', (w) => {
        if (!w.url().endsWith('/simulation-worker.js')) return;
        const entry = { closed: false };
        w.on('close', () => { entry.closed = true; });
        simulation.push(entry);
      });
      await page.goto(ctx.baseUrl);
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      const until = async (what, test) => {
        for (let waited = 0; !test(); waited += 100) {
          assert(waited < 30_000, `${what}: ${simulation.length} simulation worker(s), closed ${simulation.map((w) => w.closed).join(' ')}`);
          await page.waitForTimeout(100);
        }
      };
      await until('no warm-up worker was started', () => simulation.length >= 2);
      await until('the warm-up worker was not stopped', () => simulation[1].closed);
      await page.waitForTimeout(500);
      assert(simulation.length === 2, `${simulation.length} simulation workers, expected the session's and one warm-up`);
      assert(!simulation[0].closed, 'the session\'s worker was stopped');
      await edit(page, 'RESERVE');
      await ready(page).waitFor({ state: 'attached', timeout: 30_000 });
      assert(simulation.length === 2, 'an edit started another worker');
    },
  },
  {
    name: 'a panic inside the worker ends the run with its message and a Retry',
    fn: failingRun('panic', /simulation stopped: .*panicked on purpose/),
  },
  {
    name: 'an exception thrown in the worker (onerror) ends the run with a Retry',
    fn: failingRun('throw', /simulation worker failed: .*threw on purpose/),
  },
  {
    name: 'a messageerror from the worker ends the run with a Retry',
    fn: failingRun('messageerror', /could not be read \(messageerror\)/, true),
  },
  {
    name: 'a worker that fails to load ends the run with a Retry',
    async fn(page, ctx) {
      await page.goto(`${ctx.baseUrl}?worker-fault=load`);
      const message = await expectFailure(page, /failed to load: .*failed to load on purpose/);
      console.log(`    load: "${message}"`);
      await page.locator('[data-testid="run-retry"]').click();
      await expectFailure(page, /failed to load/);
    },
  },
  {
    name: 'a worker that cannot start the page\'s module ends the run with a Retry',
    async fn(page, ctx) {
      await page.goto(`${ctx.baseUrl}?worker-fault=boot`);
      const message = await expectFailure(page, /simulation worker failed to load: .*not a function/);
      console.log(`    boot: "${message}"`);
      await page.locator('[data-testid="run-retry"]').click();
      await expectFailure(page, /failed to load/);
    },
  },
  {
    name: 'a study names the unit whose worker failed and stops cleanly',
    async fn(page, ctx) {
      await openWithFault(page, ctx, 'study-panic');
      await page.locator('[data-testid="duplicate-variant"]').click();
      await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
      await page.locator('[data-testid="mode-compare"]').click();
      const failed = page.locator('.study-status.error:visible');
      await failed.waitFor({ timeout: 60_000 });
      const text = await failed.innerText();
      console.log(`    study-panic: "${text}"`);
      assert(/the run of variant or point 1 at seed 2 failed: .*panicked on purpose/.test(text), `unexpected study failure: ${text}`);
      assert((await page.locator('[data-testid="study-progress"]:visible').count()) === 0, 'the study still shows progress');
      const run = page.locator('[data-testid="study-run"]:visible');
      assert(await run.isEnabled(), 'the study cannot be run again after a failure');
    },
  },
  {
    name: 'an edit of a trace\'s agreement runs without sending its jobs again, and shows what the whole edited scenario shows',
    async fn(page, ctx) {
      // docs/ARCHITECTURE.md, "Jobs the worker keeps".
      await noteRunsSent(page);
      const trace = JSON.parse(readFileSync(new URL('../../scenarios/philly-trace.json', import.meta.url), 'utf8'));
      const whole = JSON.stringify(trace).length;
      const shown = async (page) => page.evaluate(() => ({
        rows: [...document.querySelectorAll('[data-testid="job-row"]')].map((r) => r.innerText),
        cards: [...document.querySelectorAll('[data-testid="kpi-card"]')].map((card) => {
          const copy = card.cloneNode(true);
          copy.querySelectorAll('[data-testid="kpi-since"]').forEach((e) => e.remove());
          return copy.innerText;
        }),
      }));
      await page.goto(ctx.baseUrl);
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      await waitForNewResults(page, await importScenario(page, trace, 'philly-trace.json'));
      // The page's first run and the warm-up's went before it: the import's run is the last.
      const imported = (await page.evaluate(() => window.runsSent.splice(0))).at(-1);
      assert(imported && !/jobs_of/.test(imported.envelope) && imported.length > whole / 2, `the import's run: ${JSON.stringify(imported)}`);

      const revision = await ready(page).getAttribute('data-revision');
      await edit(page, 'RESERVE');
      await waitForNewResults(page, revision);
      const sent = await page.evaluate(() => window.runsSent.splice(0));
      assert(sent.length === 1 && /"jobs_of":\d+/.test(sent[0].envelope), `the edit's runs: ${JSON.stringify(sent)}`);
      assert(sent[0].length < whole / 20, `the edit sent ${sent[0].length} bytes of a ${whole}-byte scenario`);
      const edited = await shown(page);
      assert(edited.rows.length > 0 && edited.cards.length === trace.quota_shares.length, `shown: ${edited.rows.length} rows, ${edited.cards.length} cards`);

      // The same edit, imported whole into a fresh page, which keeps no jobs to run.
      trace.quota_shares[0].strategy = 'RESERVE';
      const other = await ctx.newPage();
      await noteRunsSent(other);
      await other.goto(ctx.baseUrl);
      await ready(other).waitFor({ state: 'attached', timeout: 60_000 });
      await waitForNewResults(other, await importScenario(other, trace, 'philly-edited.json'));
      const fresh = await other.evaluate(() => window.runsSent.filter((r) => /jobs_of/.test(r.envelope)));
      assert(fresh.length === 0, `a fresh page took jobs it does not keep: ${JSON.stringify(fresh)}`);
      const again = await shown(other);
      assert(JSON.stringify(again) === JSON.stringify(edited), `the edit showed\n${JSON.stringify(edited).slice(0, 600)}\nthe whole scenario shows\n${JSON.stringify(again).slice(0, 600)}`);
    },
  },
];
