// The builder's tooltips lead with plain words and name the field second, "(API: borrowLimit)" or
// "(scenario field: every_h)", on every BUILD tab: none opens with a field name any more.

const ready = (page) => page.locator('[data-testid="app-ready"]');

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** A tooltip that opens with an identifier ("capacityLimits: …", "every_h: …"). */
const FIELD_FIRST = /^[a-z]+(?:[A-Z_.[][\w.[\]]*)?:/;
const FIELD_SECOND = /\((?:API|scenario field): [^)]+\)$/;

export const tests = [
  {
    name: 'builder tooltips lead with plain words and give the field name second',
    async fn(page, ctx) {
      await page.goto(ctx.baseUrl);
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      let named = 0;
      for (const tab of ['scenario', 'capacity', 'shares', 'workload', 'events']) {
        await page.locator(`#tab-${tab}`).click();
        const titles = await page.locator('.tab-panel [title]').evaluateAll((els) =>
          els.filter((e) => e.matches('label, input, select, legend, summary, h3')).map((e) => e.getAttribute('title')));
        for (const title of titles) {
          expect(!FIELD_FIRST.test(title), `${tab}: "${title}" opens with a field name`);
          if (FIELD_SECOND.test(title)) named += 1;
        }
      }
      expect(named >= 20, `only ${named} tooltips name their field second`);
      await page.locator('#tab-shares').click();
      const borrow = await page.locator('label[for="f-quota_shares-0--borrow_limit"]').getAttribute('title');
      expect(/^How far beyond its own limits .* \(API: borrowLimit\)$/.test(borrow), `borrow limit: "${borrow}"`);
    },
  },
];
