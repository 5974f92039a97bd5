// ./dev bench-browser: the scaled default scenario at 10,000, 100,000 and 1,000,000 jobs,
// imported through the Import button as a user would, in headless Chromium against dist/ (build
// it first: ./dev serve, or trunk build --release --offline). The figures go into
// docs/PERFORMANCE.md.
//
// Usage: node tools/bench-browser.mjs [JOBS...]   (default 10000 100000 1000000)
// E2E_DIST=DIR and QUOTALAB_CLI=FILE time another build and its CLI (a before-and-after pair);
// EDITS=N makes N edits per size (default 3, one at a million jobs); PAUSE_MS=N waits N ms between
// the page being ready and the import, as a person picking a file does (default 0: at once).
// TRACE=1 imports jobs listed one by one, as an imported trace lists them, instead of the scaled
// default scenario's three mixes: the bundled Philly sample's 413 jobs repeated every 400 hours,
// each copy renamed (`traceScenario` in tests/e2e/scale.mjs). SWF=1 imports a cluster's log of
// that many jobs through "Import trace…" instead, preview and Apply (`swfLog`): the path a real
// trace takes, with the import worker and each job's observed start and end.
//
// Per size it prints:
//   import to charts   from choosing the file to the first frame with the new results drawn;
//   edit to charts     a share's strategy changed, to the first frame with the new results
//                      (median of the edits; one edit at a million jobs);
//   ran in             the engine's own time in the worker (the status line);
//   last edit          of the last edit's time, what was not the engine until the page held the
//                      decoded result (the worker writing it, posting, the page copying and
//                      decoding it), then drawing; from the session's User Timing marks;
//   native             `quotalab run --summary` on the same file (the median of 5 runs; one at a
//                      million jobs), when target/release/quotalab exists (cargo build --release
//                      -p quotalab-cli), and the wasm/native ratio;
//   preview            (SWF=1) from choosing the file to the preview, and the renderer's peak
//                      resident memory then;
//   memory             the worker's and the page's wasm memory after the run (their peaks: wasm
//                      memory never shrinks; each reads its own `memory.size`), and the peak
//                      resident memory of the renderer process that holds both (/proc VmHWM),
//                      at the end and after the import;
//   first load         bytes the page fetched before its first chart, gzipped as served.
// A refused or failed run prints the page's message instead.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { serveDir } from './static-server.mjs';
import { BROWSER } from '../tests/e2e/browser.mjs';
import { engineMs, importScenario, importTrace, median, scaledScenario, swfLog, timeStrategyEdit, traceScenario, waitForNewResults } from '../tests/e2e/scale.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = resolve(ROOT, process.env.E2E_DIST ?? 'dist');
const CLI = resolve(ROOT, process.env.QUOTALAB_CLI ?? 'target/release/quotalab');
const RUN_TIMEOUT_MS = 600_000;
const MB = 1024 * 1024;
const NATIVE_RUNS = 5;

/** Every process id whose parent chain reaches `root`. */
function descendants(root) {
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found = new Set([String(root)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** The browser's process: the one started with our profile and no --type. */
function browserPid(profile) {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(`--user-data-dir=${profile}`) && !cmd.includes('--type=')) return pid;
    } catch {
      // the process ended meanwhile
    }
  }
  return null;
}

/** The highest peak resident memory (VmHWM) of the browser's renderer processes, in bytes. */
function rendererPeak(profile) {
  const root = browserPid(profile);
  if (!root) return NaN;
  let peak = 0;
  for (const pid of descendants(root)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) * 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return peak;
}

/**
 * `quotalab run --summary FILE`'s wall time in ms, the median of `NATIVE_RUNS` runs (one at a
 * million jobs and more), or NaN without a release CLI. A single run of tens of milliseconds
 * moved by half from one to the next on this machine, more than the browser's figure it divides.
 */
/** The scenario `quotalab import swf` makes of `log`, written beside it; its path. */
function importedByCli(log) {
  const json = log.replace(/\.swf$/, '.json');
  execFileSync(CLI, ['import', 'swf', log, '-o', json], { stdio: 'ignore' });
  return json;
}

function nativeMs(file, jobs) {
  if (!existsSync(CLI)) return NaN;
  const runs = jobs >= 1_000_000 ? 1 : NATIVE_RUNS;
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = process.hrtime.bigint();
    execFileSync(CLI, ['run', '--summary', file], { stdio: 'ignore', maxBuffer: 1 << 30 });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

/** Bytes fetched before the first chart: every response until the first results, gzipped. */
function firstLoadTracker(page) {
  const files = new Map();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.protocol.startsWith('http')) return;
    const body = await res.body().catch(() => null);
    if (body) files.set(url.pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  return files;
}

/**
 * Has Playwright set up what it runs in the page (its script, parsed and compiled on the page's
 * main thread the first time a test waits on the page or reads from it) before the import, so
 * that the first run is not timed against Playwright's own start (docs/PERFORMANCE.md, "The
 * first run measured without the test tool's start").
 */
async function readyTheHarness(page) {
  await page.waitForFunction(() => true, null, { polling: 50 });
  await page.locator('.results-root').getAttribute('data-revision');
  await page.locator('[data-testid="run-status"]').innerText();
}

async function benchOne(browserUrl, jobs) {
  const profile = await mkdtemp(join(tmpdir(), 'quotalab-bench-'));
  const context = await chromium.launchPersistentContext(profile, BROWSER);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const files = firstLoadTracker(page);
    await page.goto(browserUrl);
    await page.locator('[data-testid="app-ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    const firstLoad = [...files.values()].reduce((sum, f) => sum + f.gzip, 0);
    const firstLoadFiles = [...files.entries()];
    await readyTheHarness(page);
    await page.waitForTimeout(Number(process.env.PAUSE_MS) || 0);

    let file = join(tmpdir(), `quotalab-bench-${process.env.TRACE ? 'trace-' : ''}${jobs}.json`);
    const line = { jobs, firstLoad, firstLoadFiles };
    let before;
    const t0 = Date.now();
    if (process.env.SWF) {
      const log = join(tmpdir(), `quotalab-bench-${jobs}.swf`);
      writeFileSync(log, swfLog(jobs));
      const imported = await importTrace(page, log, RUN_TIMEOUT_MS);
      line.previewMs = imported.previewed - t0;
      line.previewPeak = rendererPeak(profile);
      before = imported.before;
      // The CLI's yardstick runs the scenario the CLI's own import makes of the same log.
      file = existsSync(CLI) ? importedByCli(log) : log;
    } else {
      const scenario = process.env.TRACE ? traceScenario(jobs) : scaledScenario(jobs, `${jobs} jobs`);
      writeFileSync(file, JSON.stringify(scenario));
      before = await importScenario(page, file);
    }
    const outcome = await Promise.race([
      waitForNewResults(page, before, RUN_TIMEOUT_MS).then(() => 'ran'),
      page.locator('[data-testid="run-failed"], [data-testid="diagnostics"][open]')
        .waitFor({ timeout: RUN_TIMEOUT_MS }).then(() => 'refused'),
    ]);
    const importMs = Date.now() - t0;
    if (outcome === 'refused') {
      line.message = await page.locator('[data-testid="run-status"]').innerText();
      line.rendererPeak = rendererPeak(profile);
      return line;
    }
    line.importMs = importMs;
    line.engineMs = await engineMs(page);
    line.importPeak = rendererPeak(profile);
    const edits = Number(process.env.EDITS) || (jobs >= 1_000_000 ? 1 : 3);
    const times = [];
    for (let i = 0; i < edits; i += 1) {
      await page.waitForTimeout(jobs > 20_000 ? 700 : 500); // past the large-scenario debounce
      times.push(await Promise.race([
        timeStrategyEdit(page, i % 2 === 0 ? 'RESERVE' : 'LEND_AND_BORROW'),
        page.locator('[data-testid="run-failed"]').waitFor({ timeout: RUN_TIMEOUT_MS }).then(() => NaN),
      ]));
    }
    line.editMs = median(times);
    line.editEngineMs = await engineMs(page);
    line.marks = await page.evaluate(() => Object.fromEntries(
      ['run-sent', 'result-parsed', 'result-drawn']
        .map((n) => [n, performance.getEntriesByName(`quotalab:${n}`).at(-1)?.startTime]),
    ));
    const status = page.locator('[data-testid="run-status"]');
    line.workerMemory = Number(await status.getAttribute('data-worker-memory'));
    line.pageMemory = Number(await status.getAttribute('data-page-memory'));
    line.rendererPeak = rendererPeak(profile);
    line.nativeMs = nativeMs(file, jobs);
    return line;
  } finally {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  }
}

function print(line) {
  const mb = (b) => `${(b / MB).toFixed(0)} MB`;
  console.log(`\n${line.jobs.toLocaleString('en')} jobs`);
  if (line.message) {
    console.log(`  refused or failed: ${line.message}`);
  } else {
    if (line.previewMs) console.log(`  preview           ${line.previewMs} ms, renderer peak RSS ${mb(line.previewPeak)}`);
    console.log(`  import to charts  ${line.importMs} ms (engine ${line.engineMs} ms)`);
    console.log(`  edit to charts    ${line.editMs.toFixed(0)} ms (engine ${line.editEngineMs} ms)`);
    const { 'run-sent': sent, 'result-parsed': parsed, 'result-drawn': drawn } = line.marks;
    console.log(`  last edit         ${(parsed - sent - line.editEngineMs).toFixed(0)} ms besides the engine to the decoded result, ${(drawn - parsed).toFixed(0)} ms to draw it`);
    // The import ran the very file the CLI runs; the edits ran changed scenarios.
    const ratio = line.engineMs / line.nativeMs;
    console.log(`  native --summary  ${Number.isNaN(line.nativeMs) ? 'no target/release/quotalab' : `${line.nativeMs.toFixed(0)} ms, wasm/native ${ratio.toFixed(2)}`}`);
    console.log(`  memory            worker wasm ${mb(line.workerMemory)}, page wasm ${mb(line.pageMemory)}, renderer peak RSS ${mb(line.rendererPeak)} (${mb(line.importPeak)} after the import)`);
  }
  console.log(`  first load        ${(line.firstLoad / 1024).toFixed(0)} KB gzipped:`);
  for (const [path, f] of line.firstLoadFiles) {
    console.log(`    ${path.padEnd(48)} ${(f.raw / 1024).toFixed(0).padStart(6)} KB raw ${(f.gzip / 1024).toFixed(0).padStart(6)} KB gzip`);
  }
}

if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`bench-browser: ${DIST}/index.html not found; build the site first (./dev serve)`);
  process.exit(1);
}
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const { server, baseUrl } = await serveDir(DIST);
try {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`bench-browser: ${new Date().toISOString()}, load average ${load}, ${DIST}`);
  for (const jobs of sizes.length ? sizes : [10_000, 100_000, 1_000_000]) print(await benchOne(baseUrl, jobs));
} finally {
  server.close();
}
