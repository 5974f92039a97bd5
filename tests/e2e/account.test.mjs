// End-to-end test of "Import account…" (docs/ACCOUNT.md): an AWS account's describe output,
// every file at once, previewed with what could not be imported, applied, simulated with its
// calibration panel (observed against simulated per team, the most deviating jobs linked to
// their stories), then duplicated as a variant with another agreement and compared.

import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ACCOUNT = join(ROOT, 'crates/interop/tests/fixtures/account/research-lab');

function expect(condition, message) {
  if (!condition) throw new Error(`expected: ${message}`);
}

/** Every file under `dir`, as the collect script leaves them (one per output, in folders). */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const ready = (page) => page.locator('[data-testid="app-ready"]');

export const tests = [
  {
    name: 'an account imported with its history shows its calibration and compares under a new agreement',
    fn: async (page, ctx) => {
      await page.goto(ctx.baseUrl);
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      const before = await ready(page).getAttribute('data-revision');

      await page.locator('[data-testid="open-account-import"]').click();
      await page.locator('[data-testid="account-dialog"]').waitFor();
      const files = filesUnder(ACCOUNT);
      await page.locator('[data-testid="account-files"]').setInputFiles(files);
      const summary = page.locator('[data-testid="account-summary"]');
      await summary.waitFor({ timeout: 30_000 });
      const text = await summary.innerText();
      expect(text.includes('ml-queue: 3 quota shares, 10 jobs (10 with an observed outcome)'), `the summary: ${text}`);
      const unmapped = await page.locator('[data-testid="account-unmapped"]').innerText();
      expect(unmapped.includes('jobQueues[1]') && unmapped.includes('timeoutConfig.attemptDurationSeconds'),
        `the other queue and the attempt timeout are listed: ${unmapped}`);

      await page.locator('[data-testid="account-apply"]').click();
      const confirm = page.locator('[data-testid="confirm-replace"]');
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      await page.waitForFunction(
        (old) => {
          const root = document.querySelector('[data-testid="app-ready"]');
          return root && root.getAttribute('data-revision') !== old;
        },
        before,
        { timeout: 60_000 },
      );
      expect((await page.locator('[data-testid="scenario-name"]').innerText()) === 'ml-queue', 'the queue names the scenario');

      const calibration = page.locator('[data-testid="calibration"]');
      await calibration.waitFor({ timeout: 30_000 });
      const headline = await page.locator('[data-testid="calibration-headline"]').innerText();
      // p-wide timed out without starting: nine of the ten jobs really started.
      expect(/\d+% of 9 jobs that really started/.test(headline), `the headline: ${headline}`);
      expect((await page.locator('[data-testid="calibration-share"]').count()) === 3, 'one row per team');
      const first = page.locator('[data-testid="calibration-job"]').first();
      const job = (await first.locator('button').innerText()).trim();
      await first.locator('button').click();
      const story = page.locator('[data-testid="job-story"]');
      await story.waitFor();
      expect((await story.innerText()).includes(job), `the story of ${job} opens`);
      await ctx.screenshot('results-calibration');
      await page.keyboard.press('Escape');

      // The question the user came with: these jobs under another agreement.
      await page.locator('[data-testid="duplicate-variant"]').click();
      await page.locator('[data-testid="variant-tab"]').nth(1).waitFor();
      const strategy = page.locator('[data-testid="share-card"]').first().getByLabel('Strategy', { exact: true });
      await strategy.selectOption('RESERVE');
      await page.locator('[data-testid="mode-compare"]').click();
      await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
      const changes = await page.locator('[data-testid="compare-changes"]').innerText();
      expect(changes.includes("share 'research' strategy") && changes.includes('RESERVE'), `the change is named: ${changes}`);
      expect((await page.locator('[data-testid="compare-share"]').count()) === 3, 'the three teams are compared');
    },
  },
  {
    name: 'files that are not an account are refused in the dialog with each file\'s reason, and nothing changes',
    fn: async (page, ctx) => {
      await page.goto(ctx.baseUrl);
      await ready(page).waitFor({ state: 'attached', timeout: 60_000 });
      const name = await page.locator('[data-testid="scenario-name"]').innerText();
      const notes = {
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ meeting: 'Tuesday', agenda: ['quotas'] })),
      };

      await page.locator('[data-testid="open-account-import"]').click();
      await page.locator('[data-testid="account-files"]').setInputFiles([notes]);
      const refusal = page.locator('[data-testid="account-error"]');
      await refusal.waitFor({ timeout: 30_000 });
      const text = await refusal.innerText();
      expect(text.includes('no AWS Batch, SageMaker or Kueue document found') && text.includes('notes.json'),
        `the refusal names the file: ${text}`);
      expect(await page.locator('[data-testid="account-apply"]').isDisabled(), 'Apply stays off');
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect((await page.locator('[data-testid="scenario-name"]').innerText()) === name, 'the scenario is unchanged');
    },
  },
];
