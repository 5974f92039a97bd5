// Nothing lost: a link, whether opened in a new tab or pasted into this one, leaves the autosaved
// work alone until the first edit, with "Back to your scenario" one click away; an autosave this
// build cannot read is kept aside, untouched, until the user downloads or discards it; and work
// too large for any browser's storage is never written out for it, and says so.

import { importScenario, traceScenario, waitForNewResults } from './scale.mjs';

const READY = '[data-testid="app-ready"]';
const STRATEGY = (share) => `#f-quota_shares-${share}--strategy`;

async function open(page, url) {
  await page.goto(url);
  await page.locator(READY).first().waitFor({ state: 'attached', timeout: 60_000 });
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** What a tab of the same browser profile, opened without a link, restores. */
async function restoredStrategy(page, ctx, share) {
  const tab = await page.context().newPage();
  await open(tab, ctx.baseUrl);
  const strategy = await tab.locator(STRATEGY(share)).inputValue();
  await tab.close();
  return strategy;
}

/** A link to the default scenario with share 0 lending only, made by the app itself. */
async function colleaguesLink(page) {
  await page.locator(STRATEGY(0)).selectOption('LEND');
  await page.locator('[data-testid="copy-link"]').click();
  const link = await page.locator('[data-testid="share-link"]').inputValue();
  expect(link.includes('#s=1.'), `no link: ${link}`);
  return link;
}

export const tests = [
  {
    name: "a trace too large for any browser's storage says so, and the work saved before stays",
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator(STRATEGY(0)).selectOption('RESERVE'); // my work, autosaved
      expect((await restoredStrategy(page, ctx, 0)) === 'RESERVE', 'my work is autosaved');
      // 60,000 listed jobs are about 14 MB of JSON: more than any browser keeps for a site.
      const before = await importScenario(page, traceScenario(60_000), 'trace.json');
      // Reading 14 MB takes a moment, so the question to replace my work may come after
      // importScenario looked for it.
      const replaced = page.locator('[data-testid="confirm-replace"]').click({ timeout: 100_000 }).catch(() => {});
      await Promise.race([replaced, waitForNewResults(page, before, 100_000)]);
      await waitForNewResults(page, before, 100_000);
      const notice = page.locator('[data-testid="notice"]');
      await notice.waitFor();
      const text = await notice.innerText();
      expect(text.includes('Your edits are not being saved') && text.includes('larger than any browser keeps for a site'),
        `the notice says why: ${text}`);
      expect((await restoredStrategy(page, ctx, 0)) === 'RESERVE', 'the autosave still holds my work');
    },
  },
  {
    name: 'a link in a new tab keeps the autosaved work until an edit, and Back brings it again',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      const link = await colleaguesLink(page);
      await page.locator(STRATEGY(0)).selectOption('RESERVE'); // my work, autosaved

      const tab = await page.context().newPage();
      await open(tab, link);
      expect((await tab.locator(STRATEGY(0)).inputValue()) === 'LEND', 'the link is on screen');
      await tab.locator('[data-testid="saved-work"]').waitFor();
      expect((await restoredStrategy(page, ctx, 0)) === 'RESERVE', 'the autosave still holds my work');

      await tab.locator('[data-testid="back-to-saved"]').click();
      expect((await tab.locator(STRATEGY(0)).inputValue()) === 'RESERVE', 'Back shows my work');
      await tab.locator('[data-testid="saved-work"]').waitFor({ state: 'detached' });
      expect(!(await tab.url()).includes('#s='), 'the link left the address bar');
    },
  },
  {
    name: 'a link pasted into an open tab goes the same way, and an edit saves it',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      const link = await colleaguesLink(page);
      await page.locator(STRATEGY(0)).selectOption('RESERVE');
      await page.evaluate((hash) => { window.location.hash = hash; }, link.slice(link.indexOf('#')));
      await page.locator('[data-testid="saved-work"]').waitFor();
      expect((await page.locator(STRATEGY(0)).inputValue()) === 'LEND', 'the pasted link is on screen');
      expect((await page.locator('[data-testid="confirm-dialog"]').count()) === 0, 'no dialog: nothing is replaced');
      expect((await restoredStrategy(page, ctx, 0)) === 'RESERVE', 'the autosave still holds my work');

      await page.locator(STRATEGY(1)).selectOption('RESERVE'); // an edit of the link's document
      await page.locator('[data-testid="saved-work"]').waitFor({ state: 'detached' });
      const tab = await page.context().newPage();
      await open(tab, ctx.baseUrl);
      expect((await tab.locator(STRATEGY(0)).inputValue()) === 'LEND', 'the edited link is what is saved now');
      expect((await tab.locator(STRATEGY(1)).inputValue()) === 'RESERVE', 'with its edit');
    },
  },
  {
    name: 'an autosave from a newer build is kept aside until Download or Discard',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      const newer = '{"app_state_version":99,"study":{"from":"a newer Quota Lab"}}';
      await page.evaluate((value) => localStorage.setItem('quotalab.autosave', value), newer);
      await open(page, ctx.baseUrl);
      await page.locator('[data-testid="kept-aside"]').waitFor();
      const kept = () => page.evaluate(() => localStorage.getItem('quotalab.autosave.unreadable'));
      expect((await kept()) === newer, 'the unreadable value is kept under its own key');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-testid="download-kept-aside"]').click(),
      ]);
      expect(download.suggestedFilename() === 'quotalab-unreadable-autosave.json', `file ${download.suggestedFilename()}`);

      // The app autosaves meanwhile, and a reload restores that; the kept value stays.
      await page.locator(STRATEGY(1)).selectOption('RESERVE');
      await open(page, ctx.baseUrl);
      expect((await page.locator(STRATEGY(1)).inputValue()) === 'RESERVE', 'the reload restored the edit');
      await page.locator('[data-testid="kept-aside"]').waitFor();
      expect((await kept()) === newer, 'still kept after a reload');

      await page.locator('[data-testid="discard-kept-aside"]').click();
      await page.locator('[data-testid="kept-aside"]').waitFor({ state: 'detached' });
      expect((await kept()) === null, 'discarded');
    },
  },
];
