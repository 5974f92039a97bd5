// End-to-end flows of the BUILD side (docs/DESIGN.md): open, edit a share, see the results follow,
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
      // The document, then the view it was copied from.
      expect(/#s=1\.[A-Za-z0-9_-]+&v=results\.0$/.test(url), `address bar: ${url}`);
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

      // A field that does not fit is named by its path, found from where the reader stopped.
      await page.locator('[data-testid="import-file"]').setInputFiles({
        name: 'team-plan.json', mimeType: 'application/json',
        buffer: Buffer.from('{\n  "version": 1,\n  "name": "x",\n  "jobs": [\n    {"name": "a", "submit_h": 0, "duration_h": 1},\n    {"name": "b", "submit_h": "soon", "duration_h": 1}\n  ]\n}'),
      });
      await page.waitForFunction(() => /team-plan\.json.*jobs\[1\]\.submit_h: invalid type: string "soon"/.test(document.querySelector('[data-testid="notice"]')?.innerText ?? ''));
      expect((await page.locator('[data-testid="scenario-name"]').innerText()) === 'Three teams share a g5 pool', 'scenario untouched by the shape error');

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
      // No quota shares: one card for all the jobs, without the rows that exist between shares.
      const kpiCards = page.locator('[data-testid="kpi-card"]');
      expect((await kpiCards.count()) === 1, `${await kpiCards.count()} KPI cards without shares`);
      const card = await kpiCards.first().innerText();
      expect(card.startsWith('all jobs') && /done/.test(card) && !/borrowed/.test(card), `card: ${card}`);
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
      await page.locator('[data-testid="presenter"]').waitFor();
      expect(!(await page.locator('[data-testid="share-card"]').first().isVisible()), 'P opens the presenter view over the editor');
    },
  },
  {
    name: 'keyboard: Tab walks every BUILD control, each labelled and with a visible focus; arrows move between tabs',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('[data-testid="scenario-name"]').click();
      // Tab from the header until focus leaves BUILD for RESULTS; note what each stop is.
      const stops = [];
      for (let i = 0; i < 200; i += 1) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const byId = (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.innerText ?? '').join(' ');
          const name = (el.getAttribute('aria-label')
            || (el.getAttribute('aria-labelledby') && byId(el.getAttribute('aria-labelledby')))
            || [...(el.labels ?? [])].map((l) => l.innerText).join(' ')
            || el.innerText || el.getAttribute('title') || '').trim();
          const style = getComputedStyle(el);
          return {
            zone: el.closest('.results') ? 'results' : el.closest('.build') ? 'build' : 'header',
            id: el.id, tag: el.tagName, role: el.getAttribute('role'), name,
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          };
        });
        if (!stop) continue;
        if (stop.zone === 'results') break;
        stops.push(stop);
      }
      const build = stops.filter((s) => s.zone === 'build');
      expect(build.length > 20, `only ${build.length} BUILD stops`);
      // One stop per tab list: the variants' (above BUILD) and BUILD's own, on its selected tab.
      const tabs = build.filter((s) => s.role === 'tab');
      expect(
        tabs.length === 2 && tabs[0].id === 'variant-tab-0' && tabs[1].id === 'tab-shares',
        `each tab list is one stop, its selected tab: ${JSON.stringify(tabs)}`,
      );
      for (const id of ['f-quota_shares-0--name', 'f-quota_shares-0--strategy', 'f-quota_shares-2--capacity_limits-0--max_capacity']) {
        expect(build.some((s) => s.id === id), `${id} is not reachable by Tab`);
      }
      const unnamed = stops.filter((s) => !s.name);
      expect(unnamed.length === 0, `controls without a name: ${JSON.stringify(unnamed)}`);
      const invisible = stops.filter((s) => !s.outline);
      expect(invisible.length === 0, `focus not visible on: ${JSON.stringify(invisible)}`);

      await page.locator('#tab-shares').focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement.id) === 'tab-workload', 'ArrowRight focuses Workload');
      expect(await page.locator('#tab-workload').getAttribute('aria-selected') === 'true', 'and selects it');
      await page.keyboard.press('End');
      expect(await page.locator('#tab-json').getAttribute('aria-selected') === 'true', 'End selects JSON');
      await page.keyboard.press('Home');
      expect(await page.evaluate(() => document.activeElement.id) === 'tab-scenario', 'Home focuses Scenario');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement.closest('[role="tabpanel"]')), 'Tab enters the tab panel');
      await ctx.screenshot('builder-keyboard');
    },
  },
  {
    name: 'layout at 1280 and 800 px wide: nothing overflows sideways',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      for (const width of [1280, 800]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(200);
        for (const tab of ['Scenario', 'Capacity', 'Shares', 'Workload', 'Events']) {
          await page.getByRole('tab', { name: tab }).click();
          const overflow = await page.evaluate(() => {
            const out = [];
            const page = document.documentElement;
            if (page.scrollWidth > page.clientWidth + 1) out.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
            for (const zone of document.querySelectorAll('.build, .results, .topbar, .status-bar')) {
              if (zone.scrollWidth > zone.clientWidth + 1) {
                const edge = zone.getBoundingClientRect().right;
                const culprits = [...zone.querySelectorAll('*')]
                  .filter((e) => e.getBoundingClientRect().right > edge + 1 && e.getClientRects().length)
                  .slice(0, 3).map((e) => `${e.tagName}.${e.className}#${e.id}`);
                out.push(`${zone.className} ${zone.scrollWidth} > ${zone.clientWidth}: ${culprits.join(', ')}`);
              }
            }
            return out;
          });
          expect(overflow.length === 0, `${width} px, ${tab} tab: ${overflow.join('; ')}`);
        }
        await page.getByRole('tab', { name: 'Shares' }).click();
        await resultsCaughtUp(page);
        await ctx.screenshot(`layout-${width}`);
      }
    },
  },
];
