// End-to-end test of the study's agreement report (docs/REPORT.md, "A study"): two variants,
// the report opened from Compare shows every variant, the comparison table with intervals,
// what changed and per-share fallback; it never shows a comparison of other variants; its
// Markdown downloads; it prints alone, a variant per page. Screenshot: docs/study-report.png
// (screen); the first sheet in print media goes to target/study-report-print.png and the PDF
// Chromium prints to target/study-report.pdf (docs/report.png shows two of its pages).

import { readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET = join(ROOT, 'target');

function expect(ok, what) {
  if (!ok) throw new Error(what);
}

async function open(page, ctx) {
  await page.goto(ctx.baseUrl);
  await page.locator('[data-testid="app-ready"]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** Sets the strategy of share `index` of the variant on screen. */
async function setStrategy(page, index, strategy) {
  const select = page.locator('[data-testid="share-card"]').nth(index).getByLabel('Strategy', { exact: true });
  await select.selectOption(strategy);
}

/** Opens the default scenario as a study of two identical variants, compared. */
async function comparedTwoVariants(page, ctx) {
  await open(page, ctx);
  await page.locator('[data-testid="duplicate-variant"]').click();
  await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
  await page.locator('[data-testid="mode-compare"]').click();
  await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
}

export const tests = [
  {
    name: 'the report opened from Compare covers the whole study, downloads Markdown and prints',
    fn: async (page, ctx) => {
      await open(page, ctx);
      await page.locator('[data-testid="duplicate-variant"]').click();
      await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
      await setStrategy(page, 0, 'RESERVE');
      await page.locator('[data-testid="mode-compare"]').click();
      // Opened at once, before the comparison has run: it must say so, not show numbers.
      await page.locator('[data-testid="compare-report"]').click();
      const report = page.locator('[data-testid="agreement-report"]');
      expect((await report.getAttribute('data-scope')) === 'study', 'opened from Compare, it is the study\'s');
      const early = await Promise.race([
        report.locator('[data-testid="report-not-ready"]').waitFor({ timeout: 60_000 }).then(() => 'not ready'),
        report.locator('[data-testid="report-variant"]').first().waitFor({ timeout: 60_000 }).then(() => 'ready'),
      ]);
      console.log(`report opened with the comparison not yet run: ${early}`);
      if (await report.locator('[data-testid="report-compute"]').isVisible()) {
        await report.locator('[data-testid="report-compute"]').click();
      }
      await report.locator('[data-testid="report-variant"]').nth(1).waitFor({ timeout: 120_000 });

      const names = await report.locator('[data-testid="report-variant-name"]').allInnerTexts();
      expect(names.length === 2, `every variant: ${names}`);
      const variants = await report.locator('[data-testid="report-variant"]').allInnerTexts();
      for (const [i, text] of variants.entries()) {
        expect(text.startsWith(`V${i + 1} · `), `tagged V${i + 1}: ${text.slice(0, 40)}`);
        expect(text.includes('Fallback rate') && text.includes('First attempts ran on'), `V${i + 1} per-share fallback`);
        expect(text.includes('Lost work, by cause'), `V${i + 1} lost work by cause`);
      }
      const changes = await report.locator('[data-testid="report-changes"]').innerText();
      expect(changes.includes("share 'background' strategy: LEND_AND_BORROW -> RESERVE"), `Compare's words: ${changes}`);
      const tables = report.locator('[data-testid="report-compare-share"]');
      expect((await tables.count()) === 3, 'a comparison table per share');
      const first = await tables.first().innerText();
      expect(/V1 .*\n?.*V2 /s.test(first), `a column per variant: ${first.slice(0, 80)}`);
      expect(/Completion p90\s+[\d.]+ h \([\d.]+ to [\d.]+\)/.test(first), `intervals: ${first}`);
      expect(/Fallback rate/.test(first), 'the fallback KPI in the comparison');
      expect((await tables.first().locator('tbody tr').count()) === 13, 'every KPI the engine compares (Kpi::COMPARED)');
      expect((await report.locator('.report-compare .diff.better, .report-compare .diff.worse, .report-compare .diff.changed').count()) > 0,
        'a change called better or worse where the seeds say so');
      expect(await report.locator('button:visible').count() === 3, 'only the toolbar\'s buttons');
      await ctx.screenshot('study-report');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-testid="report-markdown"]').click(),
      ]);
      const markdown = readFileSync(await download.path(), 'utf8');
      expect(download.suggestedFilename().endsWith('-study-agreement.md'), download.suggestedFilename());
      for (const part of ['## What changed', '## Comparison across variants', '## V1: ', '## V2: ', '| Fallback rate |', '| First attempts ran on |']) {
        expect(markdown.includes(part), `the Markdown has ${part}`);
      }

      await page.emulateMedia({ media: 'print' });
      const print = await page.evaluate(() => {
        const css = (el, prop) => (el ? getComputedStyle(el).getPropertyValue(prop) : 'missing');
        return {
          toolbar: css(document.querySelector('.report-toolbar'), 'display'),
          zones: css(document.querySelector('.zones'), 'display'),
          variants: [...document.querySelectorAll('.report-variant')].map((v) => css(v, 'break-before')),
          rows: css(document.querySelector('.report-compare tr'), 'break-inside'),
          tables: css(document.querySelector('.report-compare-share'), 'break-inside'),
          shares: css(document.querySelector('.report-study .report-share'), 'break-before'),
        };
      });
      expect(print.toolbar === 'none' && print.zones === 'none', `only the report prints: ${JSON.stringify(print)}`);
      expect(print.variants.length === 2 && print.variants.every((b) => b === 'page'), `a variant per page: ${print.variants}`);
      expect(print.rows === 'avoid' && print.tables === 'avoid', `tables do not split: ${JSON.stringify(print)}`);
      expect(print.shares === 'auto', 'a variant\'s shares flow on its pages');
      mkdirSync(TARGET, { recursive: true });
      const pdf = await page.pdf({ path: join(TARGET, 'study-report.pdf'), format: 'A4', preferCSSPageSize: true });
      console.log(`print: ${pdf.length.toLocaleString('en-US')} bytes of PDF in target/study-report.pdf`);
      // The first sheet as it prints: A4 at 96 dpi is 794 x 1123 px.
      const size = page.viewportSize();
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.screenshot({ path: join(TARGET, 'study-report-print.png'), clip: { x: 0, y: 0, width: 794, height: 1123 } });
      await page.setViewportSize(size);
      await page.emulateMedia({ media: 'screen' });
    },
  },
  {
    name: 'after an edit the study report never shows the comparison of the variants before it',
    fn: async (page, ctx) => {
      await comparedTwoVariants(page, ctx);
      await setStrategy(page, 1, 'RESERVE');
      await page.locator('[data-testid="compare-report"]').click();
      const report = page.locator('[data-testid="agreement-report"]');
      // Whatever it shows first, a report must be of the variants as they are now.
      const first = await Promise.race([
        report.locator('[data-testid="report-not-ready"]').waitFor({ timeout: 60_000 }).then(() => 'not ready'),
        report.locator('[data-testid="report-changes"]').waitFor({ timeout: 60_000 }).then(() => 'ready'),
      ]);
      if (first === 'not ready') {
        const why = await report.locator('[data-testid="report-not-ready"]').innerText();
        console.log(`after the edit: ${why}`);
        expect(!(await report.locator('[data-testid="report-markdown"]').isEnabled()), 'nothing to download yet');
      }
      await report.locator('[data-testid="report-changes"]').waitFor({ timeout: 120_000 });
      const changes = await report.locator('[data-testid="report-changes"]').innerText();
      expect(changes.includes("share 'medium' strategy: LEND -> RESERVE"), `the edit is reported: ${changes}`);
    },
  },
  {
    name: "the variants' sections are made in workers: a failed one names its variant, and Try again makes it",
    fn: async (page, ctx) => {
      await comparedTwoVariants(page, ctx);
      // From now on, the second unit of every pool run panics in its worker (the test hook of
      // src/worker/fault.rs): here, the run that makes V2's section.
      await page.evaluate(() => history.replaceState(null, '', `?worker-fault=study-panic${location.hash}`));
      await page.locator('[data-testid="compare-report"]').click();
      const report = page.locator('[data-testid="agreement-report"]');
      const retry = report.locator('[data-testid="report-retry"]');
      await retry.waitFor({ timeout: 60_000 });
      const why = await report.locator('[data-testid="report-not-ready"]').innerText();
      expect(/variant V2 for its section failed/.test(why), `the failure names the variant: ${why}`);
      await page.evaluate(() => history.replaceState(null, '', `${location.pathname}${location.hash}`));
      await retry.click();
      await report.locator('[data-testid="report-variant"]').nth(1).waitFor({ timeout: 60_000 });
      expect((await report.locator('[data-testid="report-variant-name"]').count()) === 2, 'both sections, made');
      expect(await page.locator('[data-testid="app-ready"]').count() === 1, 'the page is still there');
    },
  },
];
