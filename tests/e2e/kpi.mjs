// What the KPI cards look like at the widths people use: a laptop beside the builder (1440 px)
// and projectors (1024 and 1920 px). Shared by the default scenario's test (results.test.mjs)
// and the 100,000-job one (scale.test.mjs), whose large values need the most room.

export const WIDTHS = [1024, 1440, 1920];

/**
 * At each of `WIDTHS`, the labels set on two lines and the cards whose content runs past their
 * edge, as `["1440 px: labels on two lines: …", …]`; empty when every card fits.
 */
export async function kpiCardProblems(page) {
  const problems = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const { wrapped, spilled, cards } = await page.evaluate(() => {
      const all = [...document.querySelectorAll('[data-testid="kpi-card"]')];
      const labels = all.flatMap((c) => [...c.querySelectorAll('dt')]);
      const line = parseFloat(getComputedStyle(labels[0]).lineHeight);
      return {
        cards: all.length,
        wrapped: labels.filter((d) => d.getBoundingClientRect().height > line * 1.5).map((d) => d.textContent),
        spilled: all.filter((c) => c.scrollWidth > c.clientWidth + 1).length,
      };
    });
    if (cards === 0) problems.push(`${width} px: no KPI card`);
    if (wrapped.length) problems.push(`${width} px: labels on two lines: ${wrapped.join(', ')}`);
    if (spilled) problems.push(`${width} px: ${spilled} card(s) with content past the edge`);
  }
  return problems;
}
