// End-to-end flows of the BUILD side (issue 4): open, edit a share, see the results follow,
// copy a link and open it in a fresh profile, reload and keep the edits, refuse bad files and
// links, undo from the keyboard; and the builder screenshots in docs/.
//
// Results and builder meet at one attribute: the status bar carries data-revision (the
// scenario on screen) and the results root carries data-testid="app-ready" with the
// data-revision of the scenario its results belong to.

const READY = '[data-testid="app-ready"]';

async function open(page, url) {
  await page.goto(url);
  await page.locator(READY).first().waitFor({ state: 'attached', timeout: 60_000 });
}

/** Waits until the results show the scenario now on screen. */
async function resultsCaughtUp(page) {
  const revision = await page.locator('[data-testid="status-bar"]').getAttribute('data-revision');
  await page.locator(`${READY}[data-revision="${revision}"]`).first().waitFor({ state: 'attached', timeout: 30_000 });
  return revision;
}

async function strategyOf(page, share) {
  return page.locator(`#f-quota_shares-${share}--strategy`).inputValue();
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

export const tests = [
  {
    name: 'first open shows the default agreement, its allocation bar and its results',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      const name = await page.locator('[data-testid="scenario-name"]').innerText();
      expect(name === 'Three teams share a g5 pool', `scenario name: ${name}`);
      expect((await page.locator('[data-testid="share-card"]').count()) === 3, 'three share cards');
      expect((await page.locator('[data-testid="allocation-bar"]').count()) === 1, 'one allocation bar');
      const status = await page.locator('[data-testid="status-bar"]').innerText();
      expect(/valid/.test(status) && /18 jobs/.test(status), `status bar: ${status}`);
      await resultsCaughtUp(page);
      await page.locator('#f-quota_shares-0--name').focus();
      await ctx.screenshot('builder');
    },
  },
  {
    name: 'changing a strategy re-runs the results for the new scenario',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      const before = await resultsCaughtUp(page);
      const shown = await page.locator(READY).first().innerText();
      await page.locator('#f-quota_shares-1--strategy').selectOption('RESERVE');
      const after = await resultsCaughtUp(page);
      expect(after !== before, `revision did not change (${before})`);
      const now = await page.locator(READY).first().innerText();
      expect(now !== shown, 'the results did not change after medium stopped lending');
      const reserves = await page.locator('[data-testid="allocation-bar"] .slice[data-strategy="RESERVE"]').count();
      expect(reserves === 2, `allocation bar shows ${reserves} RESERVE slices`);
    },
  },
  {
    name: 'a copied link opens the same scenario in a fresh profile',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('#f-quota_shares-0--borrow_limit').fill('50');
      await page.locator('#f-quota_shares-2--strategy').selectOption('LEND');
      await page.locator('[data-testid="copy-link"]').click();
      const shown = await page.locator('[data-testid="share-link"]').inputValue();
      const url = page.url();
      expect(/#s=1\.[A-Za-z0-9_-]+$/.test(url), `address bar: ${url}`);
      expect(shown === url, 'the visible link equals the address bar');

      const other = await ctx.newPage();
      await open(other, url);
      expect((await strategyOf(other, 2)) === 'LEND', 'strategy came through the link');
      expect((await other.locator('#f-quota_shares-0--borrow_limit').inputValue()) === '50', 'borrow limit came through');
      await resultsCaughtUp(other);
    },
  },
  {
    name: 'a reload keeps the edits',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('#f-quota_shares-1--strategy').selectOption('LEND_AND_BORROW');
      await page.getByRole('tab', { name: 'Scenario' }).click();
      await page.locator('#f-name').fill('Edited before reload');
      await page.reload();
      await page.locator(READY).first().waitFor({ state: 'attached', timeout: 60_000 });
      const name = await page.locator('[data-testid="scenario-name"]').innerText();
      expect(name === 'Edited before reload', `after reload: ${name}`);
      await page.getByRole('tab', { name: 'Shares' }).click();
      expect((await strategyOf(page, 1)) === 'LEND_AND_BORROW', 'strategy kept');
    },
  },
  {
    name: 'a bad file and a bad link are refused with a message and change nothing',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('[data-testid="import-file"]').setInputFiles({
        name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "version": 1,\n  "name": \n}'),
      });
      const notice = page.locator('[data-testid="notice"]');
      await notice.waitFor();
      const text = await notice.innerText();
      expect(/broken\.json/.test(text) && /line 4/.test(text), `import message: ${text}`);
      expect((await page.locator('[data-testid="scenario-name"]').innerText()) === 'Three teams share a g5 pool', 'scenario untouched');

      await page.locator('[data-testid="import-file"]').setInputFiles({
        name: 'future.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 9, "name": "x"}'),
      });
      await page.waitForFunction(() => /newer Quota Lab/.test(document.querySelector('[data-testid="notice"]')?.innerText ?? ''));

      const fresh = await ctx.newPage();
      await open(fresh, `${ctx.baseUrl}#s=1.bm90LWRlZmxhdGU`);
      const linkText = await fresh.locator('[data-testid="notice"]').innerText();
      expect(/link/i.test(linkText), `link message: ${linkText}`);
      expect((await fresh.locator('[data-testid="scenario-name"]').innerText()) === 'Three teams share a g5 pool', 'default kept');
    },
  },
  {
    name: 'undo and redo from the keyboard; ? shows the shortcuts; Escape closes',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('#f-quota_shares-0--strategy').selectOption('RESERVE');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+z');
      expect((await strategyOf(page, 0)) === 'LEND_AND_BORROW', 'Ctrl+Z undid the strategy');
      await page.keyboard.press('Control+Shift+z');
      expect((await strategyOf(page, 0)) === 'RESERVE', 'Ctrl+Shift+Z redid it');
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+y');
      expect((await strategyOf(page, 0)) === 'RESERVE', 'Ctrl+Y redid it');
      await page.keyboard.press('?');
      await page.locator('[data-testid="shortcuts-dialog"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="shortcuts-dialog"]').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'an example asks before replacing edits, and undo brings them back',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('#f-quota_shares-0--strategy').selectOption('LEND');
      await page.getByRole('button', { name: 'Examples' }).click();
      await page.locator('[data-testid="example-spot-vs-on-demand"]').click();
      await page.locator('[data-testid="confirm-dialog"]').waitFor();
      await ctx.screenshot('builder-confirm');
      await page.locator('[data-testid="confirm-replace"]').click();
      expect((await page.locator('[data-testid="scenario-name"]').innerText()) === 'Spot versus on-demand', 'example opened');
      await resultsCaughtUp(page);
      await page.getByRole('button', { name: 'Undo' }).click();
      expect((await page.locator('[data-testid="scenario-name"]').innerText()) === 'Three teams share a g5 pool', 'undo restored');
      expect((await strategyOf(page, 0)) === 'LEND', 'with the edit');
    },
  },
  {
    name: 'an error names its field, blocks the run, and the summary focuses the field',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('#f-quota_shares-0--capacity_limits-0--max_capacity').fill('0');
      const status = await page.locator('[data-testid="status-bar"]').innerText();
      expect(/1 error/.test(status), `status: ${status}`);
      const message = await page.locator('#f-quota_shares-0--capacity_limits-0--max_capacity-msg').innerText();
      expect(/at least 1/.test(message), `field message: ${message}`);
      await page.getByRole('tab', { name: 'Workload' }).click();
      await page.locator('[data-testid="diagnostics"] li.error button').first().click();
      await page.waitForFunction(() => document.activeElement?.id === 'f-quota_shares-0--capacity_limits-0--max_capacity');
    },
  },
  {
    name: 'the gallery describes every example, and the real-trace example opens and runs',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.getByRole('button', { name: 'Examples' }).click();
      const entries = page.locator('[data-testid="examples-dialog"] .example');
      const count = await entries.count();
      expect(count >= 8, `${count} examples`);
      for (let i = 0; i < count; i += 1) {
        const text = await entries.nth(i).innerText();
        expect(text.split('\n').filter((l) => l.trim()).length >= 2, `example ${i} has no description: ${text}`);
      }
      await ctx.screenshot('builder-gallery');
      await page.locator('[data-testid="example-philly-trace"]').click();
      await resultsCaughtUp(page);
      const status = await page.locator('[data-testid="status-bar"]').innerText();
      expect(/valid/.test(status) && /413 jobs/.test(status), `status: ${status}`);
    },
  },
  {
    name: 'screenshots of the builder tabs and the tablet layout',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.getByRole('button', { name: 'Examples' }).click();
      await page.locator('[data-testid="example-training-plan-fallback"]').click();
      await page.getByRole('tab', { name: 'Capacity' }).click();
      await resultsCaughtUp(page);
      await ctx.screenshot('builder-capacity');
      await page.getByRole('button', { name: 'Examples' }).click();
      await page.locator('[data-testid="example-default"]').click();
      await page.getByRole('tab', { name: 'Workload' }).click();
      await ctx.screenshot('builder-workload');
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.getByRole('tab', { name: 'Shares' }).click();
      await ctx.screenshot('builder-tablet');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.locator('#f-quota_shares-1--strategy').focus();
      await page.locator('body').click({ position: { x: 700, y: 5 } });
      await page.keyboard.press('p');
      const cards = await page.locator('[data-testid="share-card"]:visible').count();
      expect(cards === 1, `presentation mode shows ${cards} share cards`);
      await ctx.screenshot('builder-presentation');
    },
  },
];
