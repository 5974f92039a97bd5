// End-to-end tests of the app's interop views: a real Philly trace uploaded through the
// "Import trace…" dialog (preview, apply, new results), and the agreement report (shares,
// Markdown download, the print stylesheet). Timings printed here ("timing: …") are the numbers
// in docs/TRACES.md. Screenshots: docs/trace-import.png, docs/agreement-report.png.

import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The trace data the interop crate's tests read too (data/traces/README.md). */
const TRACES = resolve(ROOT, 'data/traces');
const PHILLY = join(TRACES, 'philly-gavel-per-vc');
/** The largest per-VC job list of the Philly slice, and its size in bytes. */
const [LARGEST_VC, LARGEST_BYTES] = readdirSync(PHILLY)
  .filter((f) => f.endsWith('.trace'))
  .map((f) => [f.replace(/\.trace$/, ''), statSync(join(PHILLY, f)).size])
  .reduce((a, b) => (b[1] > a[1] ? b : a));

function expect(condition, message) {
  if (!condition) throw new Error(`expected: ${message}`);
}

const ready = (page) => page.locator('[data-testid="app-ready"]');

async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
}

/** Picks files in the dialog and waits for the preview of exactly these files. */
async function pick(page, paths) {
  await page.locator('[data-testid="trace-files"]').setInputFiles(paths);
  await page.waitForFunction(
    (n) => document.querySelectorAll('.picked-files li').length === n
      && !document.querySelector('[data-testid="trace-busy"]')
      && (document.querySelector('[data-testid="trace-summary"]') || document.querySelector('[data-testid="trace-error"]')),
    paths.length,
    { timeout: 60_000 },
  );
  return Number(await page.locator('[data-testid="trace-import-ms"]').innerText());
}

export const tests = [
  {
    name: 'a real Philly trace is previewed, applied and simulated',
    fn: async (page, ctx) => {
      await open(page, ctx);
      const before = await ready(page).getAttribute('data-revision');
      const kpiBefore = await page.locator('.results-root').innerText();
      await page.locator('[data-testid="open-trace-import"]').click();
      await page.locator('[data-testid="trace-dialog"]').waitFor();

      // Every VC at once: the largest import the folder allows.
      const all = readdirSync(PHILLY)
        .filter((f) => f.endsWith('.trace') || f.endsWith('.csv'))
        .map((f) => join(PHILLY, f));
      // Record whether the busy state was ever on screen while this import ran.
      await page.evaluate(() => {
        window.sawBusy = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="trace-busy"]')) window.sawBusy = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const allMs = await pick(page, all);
      expect(await page.evaluate(() => window.sawBusy), 'a long import shows "Importing…"');
      const allSummary = await page.locator('[data-testid="trace-summary"]').innerText();
      console.log(`timing: Philly, all ${all.length - 2} VCs in the browser: import ${allMs} ms (${allSummary})`);

      // The largest VC alone, with the throughput table and the node counts.
      const files = [`${LARGEST_VC}.trace`, 'gavel_isolated_throughputs.csv', 'philly_vc_nodes.csv']
        .map((f) => join(PHILLY, f));
      const ms = await pick(page, files);
      const summary = await page.locator('[data-testid="trace-summary"]').innerText();
      console.log(`timing: Philly ${LARGEST_VC}.trace (${LARGEST_BYTES.toLocaleString('en-US')} bytes) in the browser: import ${ms} ms (${summary})`);
      expect(/\d+ jobs in 1 share\b/.test(summary), `one share with its jobs: ${summary}`);
      const shares = await page.locator('[data-testid="trace-shares"]').innerText();
      expect(shares.includes(LARGEST_VC) && shares.includes('ml.p3.2xlarge'), `the VC's limits: ${shares}`);
      expect(await page.locator('[data-testid="trace-apply"]').isEnabled(), 'a clean trace can be applied');
      await ctx.screenshot('trace-import');

      await page.locator('[data-testid="trace-apply"]').click();
      const confirm = page.locator('[data-testid="confirm-replace"]');
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      expect(await page.locator('[data-testid="trace-dialog"]').count() === 0, 'the dialog closed');
      const name = await page.locator('[data-testid="scenario-name"]').innerText();
      expect(name.includes('Philly trace'), `the trace's scenario is on screen: ${name}`);
      const notice = await page.locator('.notice').innerText();
      expect(notice.includes(`from trace ${LARGEST_VC}.trace`), `the notice names the file: ${notice}`);
      await page.waitForFunction(
        (was) => {
          const el = document.querySelector('[data-testid="app-ready"]');
          return el && el.getAttribute('data-revision') !== was;
        },
        before,
        { timeout: 120_000 },
      );
      const kpiAfter = await page.locator('.results-root').innerText();
      expect(kpiAfter !== kpiBefore && kpiAfter.includes(LARGEST_VC), 'the results are the trace\'s');
    },
  },
  {
    name: 'an Alibaba 2023 pod list and an SWF log preview in the browser',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await page.locator('[data-testid="open-trace-import"]').click();
      const alibaba = join(TRACES, 'alibaba-gpu-v2023-synthetic');
      const ms = await pick(page, ['openb_pod_list_default.csv', 'openb_node_list_gpu_node.csv'].map((f) => join(alibaba, f)));
      const summary = await page.locator('[data-testid="trace-summary"]').innerText();
      console.log(`timing: Alibaba-format pod list + GPU node list in the browser: import ${ms} ms (${summary})`);
      expect(/\d+ jobs in 4 shares/.test(summary), `four synthesised teams: ${summary}`);
      expect((await page.locator('[data-testid="trace-format"]').innerText()).includes('Alibaba'), 'guessed Alibaba');

      const swf = join(TRACES, 'swf-synthetic', 'synthetic.swf');
      const swfMs = await pick(page, [swf]);
      const swfSummary = await page.locator('[data-testid="trace-summary"]').innerText();
      console.log(`timing: synthetic SWF log (${statSync(swf).size.toLocaleString('en-US')} bytes) in the browser: import ${swfMs} ms (${swfSummary})`);
      expect(/\d+ jobs in \d+ shares/.test(swfSummary), `the log's groups as shares: ${swfSummary}`);
      expect(await page.locator('[data-testid="trace-apply"]').isEnabled(), 'a clean log can be applied');
    },
  },
  {
    name: 'after a large import the import worker is let go, and the next import starts a fresh one',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await page.locator('[data-testid="open-trace-import"]').click();
      const importWorkers = () => page.workers().filter((w) => w.url().includes('quotalab-interop'));
      const small = join(TRACES, 'swf-synthetic', 'synthetic.swf');
      await pick(page, [small]);
      const [first] = importWorkers();
      expect(first, `the import ran in the import worker: ${page.workers().map((w) => w.url())}`);
      expect(await page.locator('[data-testid="trace-summary"]').count() === 1, 'the small log previews');
      await pick(page, [small]);
      expect(importWorkers()[0] === first, 'a small import keeps the worker');

      // 60,000 jobs: the log and the scenario the preview sends back come to over 16 MiB.
      const lines = ['; MaxProcs: 4096'];
      for (let k = 1; k <= 60_000; k += 1) {
        lines.push(`${k} ${k * 60} 0 ${3600 + (k % 97) * 60} ${1 << (k % 6)} -1 -1 ${1 << (k % 6)} -1 -1 1 ${k % 50} ${k % 5} -1 ${1 + (k % 4)} -1 -1 -1`);
      }
      const large = join(mkdtempSync(join(tmpdir(), 'quotalab-swf-')), 'large.swf');
      writeFileSync(large, `${lines.join('\n')}\n`);
      const closed = first.waitForEvent('close', { timeout: 60_000 });
      await pick(page, [large]);
      const summary = await page.locator('[data-testid="trace-summary"]').innerText();
      expect(summary.includes('60,000 jobs'), `the whole log previews: ${summary}`);
      await closed;
      expect(importWorkers().length === 0, `no import worker is left: ${page.workers().map((w) => w.url())}`);

      await pick(page, [small]);
      expect(importWorkers().length === 1 && importWorkers()[0] !== first, 'the next import starts a fresh worker');
      expect(await page.locator('[data-testid="trace-apply"]').isEnabled(), 'and its preview can be applied');
      await page.locator('[data-testid="trace-apply"]').click();
      await page.locator('[data-testid="trace-dialog"]').waitFor({ state: 'detached' });
      expect((await page.locator('[data-testid="scenario-name"]').innerText()).length > 0, 'the log is on screen');
    },
  },
  {
    name: 'the agreement report shows every share, downloads Markdown and prints alone',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await page.locator('[data-testid="open-report"]').click();
      const report = page.locator('[data-testid="agreement-report"]');
      await report.locator('[data-testid="report-share"]').first().waitFor({ timeout: 60_000 });
      expect(await report.locator('[data-testid="report-share"]').count() === 3, 'three shares');
      const text = await report.innerText();
      expect(/what is promised/i.test(text) && /what the simulation showed/i.test(text), 'promise and outcome');
      expect(text.includes('Assumptions'), 'the assumptions');
      expect(await report.locator('.report-chart svg').count() === 4, 'the four key charts');
      // The page scrolls inside the report; show the first share's promise next to its outcome.
      await report.locator('[data-testid="report-share"]').first().evaluate((el) => el.scrollIntoView());
      await ctx.screenshot('agreement-report');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-testid="report-markdown"]').click(),
      ]);
      const markdown = readFileSync(await download.path(), 'utf8');
      expect(download.suggestedFilename().endsWith('-agreement.md'), download.suggestedFilename());
      expect(markdown.startsWith('# ') && markdown.includes('protected'), 'the crate\'s Markdown');

      await page.emulateMedia({ media: 'print' });
      const styles = await page.evaluate(() => {
        const css = (sel, prop) => {
          const el = document.querySelector(sel);
          return el ? getComputedStyle(el).getPropertyValue(prop) : 'missing';
        };
        const shares = [...document.querySelectorAll('[data-testid="report-share"]')];
        return {
          topbar: css('.topbar', 'display'),
          zones: css('.zones', 'display'),
          toolbar: css('.report-toolbar', 'display'),
          page: css('.report-page', 'position'),
          breaks: shares.map((s) => getComputedStyle(s).getPropertyValue('break-before')),
          visible: document.querySelector('.report').getBoundingClientRect().height > 0,
        };
      });
      expect(styles.topbar === 'none' && styles.zones === 'none', `only the report prints: ${JSON.stringify(styles)}`);
      expect(styles.toolbar === 'none', 'no buttons in print');
      expect(styles.page === 'static' && styles.visible, 'the report flows over pages');
      expect(styles.breaks.every((b) => b === 'page'), `a page per share: ${styles.breaks}`);

      // Paper is white even when the screen is dark.
      await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
      const ink = await page.evaluate(() => ({
        text: getComputedStyle(document.querySelector('.report')).color,
        chart: getComputedStyle(document.querySelector('.report-chart svg text')).fill,
        paper: getComputedStyle(document.querySelector('.report-chart .chart-svg')).backgroundColor,
      }));
      expect(ink.text === 'rgb(0, 0, 0)' && ink.chart === 'rgb(0, 0, 0)', `black ink in print: ${JSON.stringify(ink)}`);
      expect(ink.paper === 'rgb(255, 255, 255)', `white chart paper in print: ${ink.paper}`);
      await page.emulateMedia({ media: 'screen' });
    },
  },
];
