// Charts answer on hover and keyboard focus (docs/chart-hover.png): the readout under the pointer,
// or at the value the arrow keys reached, gives exact values in words (CDF points, bars,
// utilisation, the timeline's bars, sweep points with their intervals); Compare saves its table
// as CSV and its charts as SVG and PNG; a sweep point opens as a variant, ready for Compare.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs');
const ready = (page) => page.locator('[data-testid="app-ready"]');

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function open(page, ctx) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(ctx.baseUrl);
  await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
}

/** The readout of the chart `host` is in. */
const readoutOf = (host) => host.locator('[data-testid="chart-readout"]');

/**
 * Moves the pointer across `host` row by row until its readout says something matching `pattern`;
 * returns that text, or throws after trying the whole picture.
 */
async function hoverUntil(page, host, pattern) {
  await host.scrollIntoViewIfNeeded();
  const box = await host.boundingBox();
  const bottom = Math.min(box.y + box.height, page.viewportSize().height);
  const seen = new Set();
  for (let y = box.y + 4; y < bottom; y += 14) {
    for (let x = 0.05; x < 0.98; x += 0.03) {
      await page.mouse.move(box.x + box.width * x, y);
      const text = await readoutOf(host).innerText();
      if (pattern.test(text)) return text;
      if (text) seen.add(text);
    }
  }
  throw new Error(`no readout matched ${pattern}; saw ${[...seen].slice(0, 5).join(' | ')}`);
}

async function showChart(page, slug) {
  await page.locator(`[data-testid="tab-${slug}"]`).click();
  const host = page.locator(`[data-chart="${slug}"] [data-testid="answering-chart"]`);
  await host.locator('.chart-picture svg').waitFor();
  return host;
}

/** Waits for a study run to finish. */
async function finished(page, timeout = 100_000) {
  await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout });
}

async function download(page, click) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

export const tests = [
  {
    name: 'charts answer on hover and keyboard focus with the values they were drawn from',
    async fn(page, ctx) {
      await open(page, ctx);
      const cdf = await showChart(page, 'completion');
      const point = await hoverUntil(page, cdf, /^\S.*: [\d.]+% of succeeded jobs done by [\d.,]+ h$/);
      expect(await cdf.locator('.focus-mark').count() === 1, 'a ring marks the point under the pointer');
      await page.locator('[data-chart="completion"]').screenshot({ path: resolve(DOCS, 'chart-hover.png') });
      await page.mouse.move(0, 0);
      expect((await readoutOf(cdf).innerText()) === '', 'leaving the chart hides the readout');
      expect((await readoutOf(cdf).getAttribute('aria-live')) === 'polite', 'the readout is a live region');

      // Keyboard: Tab onto the chart (past its export buttons) shows the first value, the arrows
      // walk the others.
      await page.locator('[data-testid="tab-completion"]').focus();
      for (let k = 0; k < 6 && !(await cdf.evaluate((el) => el === document.activeElement)); k += 1) {
        await page.keyboard.press('Tab');
      }
      expect(await cdf.evaluate((el) => el === document.activeElement), 'Tab reaches the chart');
      const first = await readoutOf(cdf).innerText();
      expect(/% of succeeded jobs done by/.test(first), `keyboard focus reads the first point: "${first}"`);
      await page.keyboard.press('ArrowRight');
      const second = await readoutOf(cdf).innerText();
      expect(second !== first && /% of succeeded jobs done by/.test(second), `ArrowRight moves on: "${second}"`);
      await page.keyboard.press('End');
      expect(/: 100% of succeeded jobs done by/.test(await readoutOf(cdf).innerText()), 'End reaches the last share\'s last step');
      console.log(`    hovered "${point}", focused "${first}" then "${second}"`);

      const fallback = await showChart(page, 'fallback');
      await hoverUntil(page, fallback, /^\S.* · #\d+ .*: \d+ jobs$/);
      const cost = await showChart(page, 'cost');
      await hoverUntil(page, cost, /: \$[\d,.]+$/);
      const usage = await showChart(page, 'utilisation');
      await hoverUntil(page, usage, / at [\d.,]+ h: .* held/);

      await page.locator('[data-testid="tab-timeline"]').click();
      const timeline = page.locator('[data-testid="timeline-focus"]');
      await timeline.locator('svg').first().waitFor();
      await timeline.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      const bar = await timeline.locator('[data-testid="chart-readout"]').innerText();
      expect(/: preference #\d+, [\d.,]+ h to [\d.,]+ h/.test(bar), `the timeline reads out a bar: "${bar}"`);
    },
  },
  {
    name: 'Compare saves its table as CSV and its charts as SVG and PNG',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.locator('[data-testid="duplicate-variant"]').click();
      await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
      await page.locator('[data-testid="mode-compare"]').click();
      await finished(page);
      const view = page.locator('[data-testid="compare-view"]');
      const csv = await download(page, () => view.locator('[data-testid="export-table-csv"]').click());
      expect(csv.name === 'quotalab-compare.csv', `CSV named ${csv.name}`);
      const lines = csv.bytes.toString('utf8').trim().split('\n');
      expect(lines[0].startsWith('share,kpi,variant,variant_name,seeds,mean,lo,hi,diff_mean'), `CSV header: ${lines[0]}`);
      expect(lines.some((l) => /,V2,/.test(l) && /,(better|worse|higher|lower|no clear difference)$/.test(l)), 'V2 rows carry their verdict');
      const cost = view.locator('[data-chart="compare-cost"]');
      const svg = await download(page, () => cost.locator('[data-testid="export-svg"]').click());
      expect(svg.name === 'quotalab-compare-cost.svg', `SVG named ${svg.name}`);
      expect(svg.bytes.toString('utf8').includes('<svg'), 'the SVG file is an SVG');
      const png = await download(page, () => cost.locator('[data-testid="export-png"]').click());
      expect(png.name === 'quotalab-compare-cost.png', `PNG named ${png.name}`);
      expect(png.bytes.subarray(1, 4).toString('latin1') === 'PNG', 'the PNG file is a PNG');
      const share = view.locator('[data-chart^="compare-completion-"]').first();
      const cdf = share.locator('[data-testid="answering-chart"]');
      await hoverUntil(page, cdf, /^V[12] .*: [\d.]+% of jobs done by [\d.,]+ h$/);
      await hoverUntil(page, cost.locator('[data-testid="answering-chart"]'), /: cost \$[\d,.]+ \(/);
    },
  },
  {
    name: 'a sweep point reads out its interval and opens as a variant for Compare',
    async fn(page, ctx) {
      await open(page, ctx);
      await page.locator('[data-testid="mode-sweep"]').click();
      await page.locator('[data-testid="sweep-param"]').selectOption('capacity[0].count');
      await page.locator('[data-testid="sweep-from"]').fill('2');
      await page.locator('[data-testid="sweep-to"]').fill('4');
      await page.locator('[data-testid="sweep-steps"]').fill('3');
      const view = page.locator('[data-testid="sweep-view"]');
      await view.locator('[data-testid="study-seeds"]').fill('4');
      await view.locator('[data-testid="study-seeds"]').dispatchEvent('change');
      await view.locator('[data-testid="study-run"]').click();
      await finished(page);
      const csv = await download(page, () => view.locator('[data-testid="export-table-csv"]').click());
      expect(csv.name === 'quotalab-sweep.csv', `CSV named ${csv.name}`);
      expect(csv.bytes.toString('utf8').split('\n').length > 3 * 4, 'a row per point, share and metric');

      const chart = view.locator('[data-testid="answering-chart"]').nth(1);
      await chart.focus();
      await page.keyboard.press('Home');
      const home = await readoutOf(chart).innerText();
      await page.keyboard.press('ArrowRight');
      const text = await readoutOf(chart).innerText();
      expect(/ = 2: p90 completion /.test(home), `Home reads the first point at once: "${home}"`);
      expect(/ = 3: p90 completion /.test(text), `ArrowRight reads the next one: "${text}"`);
      const point = / = (\d+): p90 completion [\d.,]+ h \([\d.,]+ to [\d.,]+/.exec(text);
      expect(point, `a point and its interval: "${text}"`);
      // The pointer finds the same point where the ring is.
      const ring = await chart.locator('.focus-mark').boundingBox();
      await page.mouse.move(0, 0);
      await page.mouse.move(ring.x + ring.width / 2, ring.y + ring.height / 2);
      expect((await readoutOf(chart).innerText()) === text, 'hovering the ring reads the same point');
      await page.mouse.click(ring.x + ring.width / 2, ring.y + ring.height / 2);
      await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
      const tabs = await page.locator('[data-testid="variant-tab"]').allInnerTexts();
      expect(tabs.length === 2 && tabs[1].includes(` = ${point[1]}`), `variant tabs: ${tabs.join(' | ')}`);
      expect((await page.locator('[data-testid="mode-compare"]').getAttribute('aria-selected')) === 'true', 'Compare is shown');
      await finished(page);
      const changes = await page.locator('[data-testid="compare-changes"]').innerText();
      expect(/capacity/.test(changes) && new RegExp(`\\b${point[1]}\\b`).test(changes), `Compare names the change: ${changes}`);
    },
  },
];
