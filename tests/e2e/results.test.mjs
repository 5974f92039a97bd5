// End-to-end tests of the RESULTS zone: the worker runs the scenario, the charts and KPI cards
// show it, an edit updates them, and a job's story opens. Timings printed here ("timing: …") are
// the numbers in docs/PERFORMANCE.md.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quotalab } from './cli.mjs';
import { kpiCardProblems } from './kpi.mjs';
import { DEFAULT, engineMs, importScenario, median, scaledScenario, timeStrategyEdit, traceScenario, waitForNewResults } from './scale.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EVIL = '<img src=x onerror=alert(1)>';
/** The most points of a usage series the page is sent (`DRAWN_POINTS`, crates/engine/src/result/drawn_usage.rs). */
const DRAWN_POINTS = 8_192;

const ready = (page) => page.locator('[data-testid="app-ready"]');

/** Opens the app and waits until the results of what is on screen are rendered. */
async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
}

/**
 * Where the last run's time went, from the User Timing marks the session sets (`mark` in
 * src/results/session/mod.rs): `overhead` is everything between sending the scenario and holding
 * the result string except the engine's own time (posting both ways, the worker parsing the
 * scenario and writing the result JSON, the copy across and its hand-over to wasm); `parse` is
 * serde_json reading the result; `draw` is from then to the next frame (KPI cards, chart, table).
 */
async function runBreakdown(page) {
  const marks = await page.evaluate(() => Object.fromEntries(
    ['run-sent', 'result-received', 'result-parsed', 'result-drawn']
      .map((n) => [n, performance.getEntriesByName(`quotalab:${n}`).at(-1)?.startTime]),
  ));
  const engine = await engineMs(page);
  return {
    overhead: marks['result-received'] - marks['run-sent'] - engine,
    parse: marks['result-parsed'] - marks['result-received'],
    draw: marks['result-drawn'] - marks['result-parsed'],
    engine,
  };
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
    name: "the engine's fallback, restarts, lost work by cause and pool use are shown",
    async fn(page, ctx) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, ctx);
      const cards = await page.locator('[data-testid="kpi-card"]').allInnerTexts();
      assert(cards.every((c) => /fallback rate\s+\d+(\.\d+)?%/.test(c)), `a card lacks its fallback rate: ${cards.join(' | ')}`);
      const chartText = async (slug) => {
        await page.locator(`[data-testid="tab-${slug}"]`).click();
        const svg = page.locator('[data-testid="chart"] .chart-svg svg').first();
        await svg.waitFor();
        return svg.textContent();
      };
      const fallback = await chartText('fallback');
      assert(/Fell back from their first choice: background \d+%, medium \d+%, protected \d+%/.test(fallback), `fallback title: ${fallback.slice(0, 200)}`);
      for (const share of ['background', 'medium', 'protected']) {
        assert(fallback.includes(`${share} · #1 ml.g5.xlarge ×1 · on-demand`), `no whole row label for ${share}'s first entry`);
      }
      assert(!fallback.includes('…'), 'a fallback label is cut off');
      await page.screenshot({ path: join(ROOT, 'target', 'vocab-fallback.png'), fullPage: true });
      const reclaim = await chartText('reclaim');
      assert(reclaim.includes('restarts') && reclaim.includes('GPU-h (restarts: count)'), 'reclaim chart lacks restarts');
      assert(/lost (to|in|at|when)/.test(reclaim), 'reclaim chart lacks lost work by cause');
      await page.screenshot({ path: join(ROOT, 'target', 'vocab-reclaim.png'), fullPage: true });
      const utilisation = await chartText('utilisation');
      assert(utilisation.includes('held per share, any pool') && utilisation.includes('by pool: in use and offered'), 'utilisation does not show pools apart');
      await page.screenshot({ path: join(ROOT, 'target', 'vocab-utilisation.png'), fullPage: true });
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
      const deltas = await page.locator('[data-testid="kpi-since"]').allInnerTexts();
      assert(deltas.some((d) => /^[▲▼] /.test(d)), `no change since the previous run shown: ${deltas.join(' | ')}`);
      await page.screenshot({ path: join(ROOT, 'docs/results-after-edit.png') });
    },
  },
  {
    name: 'KPI cards at laptop and projector widths: every label on one line, nothing past the edge',
    async fn(page, ctx) {
      await open(page, ctx);
      // An edit first, so each card also shows its change column at its widest.
      await timeStrategyEdit(page, 'RESERVE');
      assert((await page.locator('[data-testid="kpi-card"]').count()) === 3, 'expected 3 KPI cards');
      const problems = await kpiCardProblems(page);
      assert(problems.length === 0, problems.join('; '));
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
      // Escape closes what is on top: the shortcuts dialog opened over the story, then the story.
      await page.locator('body').press('?');
      const shortcuts = page.locator('[data-testid="shortcuts-dialog"]');
      await shortcuts.waitFor();
      await page.keyboard.press('Escape');
      await shortcuts.waitFor({ state: 'detached' });
      assert(await story.isVisible(), 'one Escape closed the dialog and the story under it');
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
    name: "the worker's result is byte for byte the native engine's",
    async fn(page, ctx) {
      await open(page, ctx);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-json"]')]);
      const fromWorker = readFileSync(await download.path(), 'utf8');
      const dir = mkdtempSync(join(tmpdir(), 'quotalab-result-'));
      try {
        writeFileSync(join(dir, 'default.json'), DEFAULT);
        // `quotalab run` ends its document with a newline, as a file for people does.
        const native = quotalab('run', join(dir, 'default.json'));
        assert(fromWorker.length > 1000, 'the exported result is suspiciously small');
        assert(`${fromWorker}\n` === native, 'the worker result differs from the native engine\'s');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      // The worker ran the scenario again for the event list; the button is itself again.
      const button = page.locator('[data-testid="export-json"]');
      assert((await button.innerText()) === 'Result JSON' && (await button.isEnabled()), `after the download: "${await button.innerText()}"`);
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
    name: "a trace's utilisation is drawn at the chart's resolution, says how much, and Result JSON keeps every point",
    async fn(page, ctx) {
      await open(page, ctx);
      const before = await importScenario(page, traceScenario(20_000), 'trace.json');
      await waitForNewResults(page, before, 100_000);
      await page.locator('[data-testid="tab-utilisation"]').click();
      const svg = page.locator('[data-testid="chart"] .chart-svg svg').first();
      await svg.waitFor();
      const text = await svg.textContent();
      const titles = [...text.matchAll(/held per share, any pool \(([\d,]+) of ([\d,]+) changes drawn\)/g)]
        .map((m) => m.slice(1).map((n) => Number(n.replaceAll(',', ''))));
      assert(titles.length > 0, `no thinned series named in the titles: ${text.slice(0, 300)}`);
      await page.locator('[data-testid="chart"]').first().screenshot({ path: join(ROOT, 'target', 'trace-utilisation.png') });
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-json"]')]);
      const result = JSON.parse(readFileSync(await download.path(), 'utf8'));
      const long = result.usage.map((s) => s.points.length).filter((n) => n > DRAWN_POINTS);
      assert(JSON.stringify(titles.map(([, all]) => all)) === JSON.stringify(long),
        `the titles say ${JSON.stringify(titles)}; the document's long series have ${JSON.stringify(long)} points`);
      for (const [drawn, all] of titles) assert(drawn <= DRAWN_POINTS && drawn < all, `${drawn} of ${all} points drawn`);
      assert(result.usage.every((s) => s.points_in_run === undefined), 'the document is not thinned');
    },
  },
  {
    name: '10,000 jobs: time from edit to updated charts',
    async fn(page, ctx) {
      await open(page, ctx);
      const before = await importScenario(page, scaledScenario(10_000), 'ten-thousand.json');
      await waitForNewResults(page, before, 100_000);
      const times = [];
      const parts = [];
      for (let i = 0; i < 5; i += 1) {
        await page.waitForTimeout(500);
        times.push(await timeStrategyEdit(page, i % 2 === 0 ? 'RESERVE' : 'LEND_AND_BORROW'));
        await page.waitForTimeout(100); // the frame after the result, where the last mark is set
        parts.push(await runBreakdown(page));
      }
      const m = (key) => median(parts.map((p) => p[key])).toFixed(0);
      console.log(`    timing: 10,000 jobs: edit to updated charts, median ${median(times).toFixed(0)} ms ` +
        `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, n=5); of which engine ${m('engine')} ms, ` +
        `worker-to-page overhead ${m('overhead')} ms, parse ${m('parse')} ms, draw ${m('draw')} ms (medians)`);
      for (const p of parts) assert(p.parse >= 0 && p.draw >= 0 && p.overhead >= 0, `marks out of order: ${JSON.stringify(p)}`);
      assert(times.every((t) => t < 30_000), `an edit took ${Math.max(...times)} ms`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-json"]')]);
      const size = readFileSync(await download.path()).length;
      console.log(`    timing: 10,000 jobs: the result JSON is ${(size / 1e6).toFixed(1)} MB`);
    },
  },
  {
    name: 'a large run shows its progress and can be cancelled',
    async fn(page, ctx) {
      await open(page, ctx);
      // Large enough that the run is still going when Cancel is clicked on a quiet machine
      // (60,000 jobs could end first), and within what the browser accepts.
      await importScenario(page, scaledScenario(300_000), 'three-hundred-thousand.json');
      const progress = page.locator('[data-testid="run-progress"]');
      await progress.waitFor({ timeout: 60_000 });
      assert(/events/.test(await progress.innerText()), 'progress does not count events');
      assert(await page.locator('.results-root.stale').isVisible(), 'stale results are not marked as such');
      // Out-of-date results dim only after a pause, so a run that answers sooner does not flash
      // them; a run as long as this one dims them.
      const delay = await page.locator('.results-root').evaluate((el) => getComputedStyle(el).transitionDelay);
      assert(parseFloat(delay) >= 0.2, `stale results dim after ${delay}, which lets a short run flash them`);
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.results-root')).opacity === '0.6', null, { timeout: 10_000 });
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
  {
    name: 'the Gantt zooms with Ctrl+wheel around the pointer, pans by dragging and from the keyboard',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.click('[data-testid="tab-timeline"]');
      await page.locator('[data-testid="gantt-bar"]').first().waitFor();
      const win = async () => {
        const el = page.locator('[data-testid="zoom-window"]');
        return { from: Number(await el.getAttribute('data-from')), to: Number(await el.getAttribute('data-to')) };
      };
      const whole = await win();
      assert(whole.from === 0 && whole.to > 0, `whole run: ${JSON.stringify(whole)}`);
      const host = page.locator('.timeline-host');
      const box = await host.boundingBox();
      const [left, right] = (await host.getAttribute('data-plot-x')).split(' ').map(Number);
      // The pointer at 70% of the time axis, over the bars.
      const svgX = left + 0.7 * (right - left);
      const x = box.x + (svgX / 960) * box.width;
      const y = box.y + box.height * 0.6;
      const hourAt = (w) => w.from + 0.7 * (w.to - w.from);
      await page.mouse.move(x, y);
      await page.mouse.wheel(0, -300);
      await page.waitForTimeout(100);
      const plain = await win();
      assert(plain.from === whole.from && plain.to === whole.to, 'a plain wheel scrolls the page, it does not zoom');
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -300);
      await page.keyboard.up('Control');
      await page.waitForFunction((to) => Number(document.querySelector('[data-testid="zoom-window"]').dataset.to) !== to, whole.to);
      const zoomed = await win();
      assert(zoomed.to - zoomed.from < (whole.to - whole.from) * 0.7, `Ctrl+wheel did not zoom in: ${JSON.stringify(zoomed)}`);
      const drift = Math.abs(hourAt(zoomed) - hourAt(whole));
      assert(drift < (whole.to - whole.from) * 0.01, `the hour under the pointer moved by ${drift} h`);

      // Drag to the left: later hours come into view, and no job story opens.
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - box.width * 0.2, y, { steps: 5 });
      await page.mouse.up();
      const dragged = await win();
      assert(dragged.from > zoomed.from, `dragging left did not pan later: ${JSON.stringify(dragged)}`);
      assert(Math.abs((dragged.to - dragged.from) - (zoomed.to - zoomed.from)) < 1e-6, 'a drag keeps the zoom');
      assert((await page.locator('[data-testid="job-story"]').count()) === 0, 'a drag opened a job story');

      // Keyboard, with the chart focused.
      await page.locator('[data-testid="timeline-focus"]').focus();
      await page.keyboard.press('Home');
      let w = await win();
      assert(w.from === 0 && w.to === whole.to, 'Home shows the whole run');
      await page.keyboard.press('+');
      w = await win();
      assert(Math.abs((w.to - w.from) - (whole.to - whole.from) / 2) < 1e-6, `+ halves the window: ${JSON.stringify(w)}`);
      const before = w;
      await page.keyboard.press('ArrowRight');
      w = await win();
      assert(w.from > before.from, 'ArrowRight pans later');
      await page.keyboard.press('-');
      w = await win();
      assert(w.to - w.from > before.to - before.from, '- zooms out');
      // The buttons still work.
      await page.click('[data-testid="zoom-in"]');
      assert((await win()).to - (await win()).from < w.to - w.from, 'the Zoom in button zooms');
      await page.screenshot({ path: join(ROOT, 'docs/results-gantt-zoomed.png') });
    },
  },
  {
    name: 'every chart exports as SVG and as PNG',
    async fn(page, ctx) {
      await open(page, ctx);
      const slugs = ['completion', 'fallback', 'reclaim', 'cost', 'utilisation', 'timeline', 'waiting'];
      for (const [kind, check] of [
        ['svg', (b) => b.toString().startsWith('<svg') && b.toString().includes('</svg>')],
        ['png', (b) => b.subarray(1, 4).toString() === 'PNG' && b.length > 2000],
      ]) {
        const got = [];
        page.on('download', (d) => got.push(d));
        const first = page.waitForEvent('download');
        await page.click(`[data-testid="export-all-${kind}"]`);
        await first;
        const deadline = Date.now() + 20_000;
        while (got.length < slugs.length && Date.now() < deadline) await page.waitForTimeout(100);
        page.removeAllListeners('download');
        const names = got.map((d) => d.suggestedFilename()).sort();
        const expected = slugs.map((c) => `quotalab-${c}.${kind}`).sort();
        assert(JSON.stringify(names) === JSON.stringify(expected), `${kind}: got ${names.join(', ')}`);
        for (const d of got) {
          const bytes = readFileSync(await d.path());
          assert(check(bytes), `${d.suggestedFilename()} is not a ${kind} chart (${bytes.length} bytes)`);
        }
      }
    },
  },
  {
    name: "dark mode: the eighth share (Okabe-Ito's black) stays visible in cards and charts",
    async fn(page, ctx) {
      await open(page, ctx);
      const s = JSON.parse(DEFAULT);
      s.name = 'eight teams';
      s.capacity[0].count = 8;
      for (let k = s.quota_shares.length; k < 8; k += 1) {
        s.quota_shares.push({ name: `team-${k}`, capacity_limits: [{ instance_type: 'ml.g5.xlarge', max_capacity: 1 }], strategy: 'LEND' });
      }
      s.job_mixes.push({ ...s.job_mixes[0], name: 'eighth', share: 'team-7', count: 3 });
      const before = await importScenario(page, s, 'eight.json');
      await waitForNewResults(page, before);
      // Another document, though its first three shares share the default's names: its cards
      // show no changes "since the previous run".
      const deltas = await page.locator('[data-testid="kpi-delta"], [data-testid="kpi-since"]').count();
      assert(deltas === 0, `${deltas} changes shown after opening another scenario`);
      await page.click('[data-testid="theme-toggle"]');
      assert((await page.getAttribute('html', 'data-theme')) === 'dark', 'dark theme on');
      const colours = await page.evaluate(() => {
        const css = (el, p) => (el ? getComputedStyle(el)[p] : 'missing');
        const kpi = [...document.querySelectorAll('[data-testid="kpi-card"]')][7];
        const slice = [...document.querySelectorAll('[data-testid="allocation-bar"] .slice rect')][7];
        const marks = [...document.querySelectorAll('.chart-svg svg [fill="#000000"], .chart-svg svg [stroke="#000000"]')];
        return {
          kpi: css(kpi, 'borderLeftColor'),
          slice: css(slice, 'fill'),
          chart: marks.map((m) => (m.getAttribute('fill') === '#000000' ? css(m, 'fill') : css(m, 'stroke'))),
        };
      });
      const grey = 'rgb(238, 238, 238)';
      assert(colours.kpi === grey, `KPI card of the eighth share: ${colours.kpi}`);
      assert(colours.slice === grey, `allocation-bar slice of the eighth share: ${colours.slice}`);
      assert(colours.chart.length > 0 && colours.chart.every((c) => c === grey), `chart marks of the eighth share: ${colours.chart.join(', ')}`);
      await page.screenshot({ path: join(ROOT, 'docs/results-dark-eight-shares.png') });
    },
  },
];
