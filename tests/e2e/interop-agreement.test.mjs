// End-to-end tests of the "AWS / Kueue…" dialog (docs/AWS_EXPORT.md, "In the app"): the AWS
// bundle, commands.sh and the Kueue YAML downloaded from the app are the files `quotalab export`
// writes for the same scenario, and `quotalab import` reads them back to the same shares; the
// same files imported in the app open as the scenario, one Undo away from the old one; files
// that cannot be read are refused at the place. Both run in the interop worker, which the page
// starts only now: the test also checks that the first load did not fetch it. A scenario of
// very many listed jobs makes its files only when asked.
//
// The CLI is the one built last (./cli.mjs).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quotalab } from './cli.mjs';
import { importScenario, traceScenario, waitForNewResults } from './scale.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function expect(condition, message) {
  if (!condition) throw new Error(`expected: ${message}`);
}

/** Clicks `testid` and saves the download into `dir`; returns its path and suggested name. */
async function save(page, testid, dir) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid="${testid}"]`).click()]);
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Each share's name, strategy and limits, in order: what an export carries. */
const terms = (scenario) => scenario.quota_shares.map((s) => ({
  name: s.name,
  strategy: s.strategy ?? 'RESERVE',
  limits: s.capacity_limits.map((l) => `${l.max_capacity} ${l.instance_type}`).join(', '),
}));

async function openDialog(page) {
  await page.locator('[data-testid="open-agreement-files"]').click();
  await page.locator('[data-testid="agreement-dialog"]').waitFor();
}

async function pick(page, paths) {
  await page.locator('[data-testid="agreement-files"]').setInputFiles(paths);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="agreement-busy"]')
      && (document.querySelector('[data-testid="agreement-summary"]') || document.querySelector('[data-testid="agreement-error"]')),
    null,
    { timeout: 60_000 },
  );
}

export const tests = [
  {
    name: 'the AWS bundle, commands.sh and Kueue YAML downloaded from the app are the CLI\'s and read back with quotalab import',
    fn: async (page, ctx) => {
      const fetched = [];
      page.on('request', (r) => fetched.push(r.url()));
      await page.goto(ctx.baseUrl);
      await page.locator('[data-testid="app-ready"]').waitFor({ state: 'attached', timeout: 60_000 });
      expect(!fetched.some((u) => u.includes('quotalab-interop')), `the first load leaves the interop worker out: ${fetched.join(' ')}`);

      const dir = mkdtempSync(join(tmpdir(), 'quotalab-agreement-'));
      try {
        const [scenarioDownload] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export', exact: true }).click(),
        ]);
        const scenarioPath = join(dir, 'scenario.json');
        await scenarioDownload.saveAs(scenarioPath);
        const scenario = JSON.parse(readFileSync(scenarioPath, 'utf8'));

        await openDialog(page);
        await page.locator('[data-testid="download-aws-bundle"]').waitFor({ timeout: 60_000 });
        expect(fetched.some((u) => u.includes('quotalab-interop_bg.wasm')), 'the interop worker loads on first use');
        const aws = await page.locator('[data-testid="aws-warnings"]').innerText();
        const kueue = await page.locator('[data-testid="kueue-warnings"]').innerText();
        expect(aws.startsWith('AWS') && kueue.startsWith('Kueue'), `both exports' warnings are shown: ${aws} / ${kueue}`);
        await ctx.screenshot('agreement-files');

        const bundle = await save(page, 'download-aws-bundle', dir);
        const commands = await save(page, 'download-aws-commands', dir);
        const yaml = await save(page, 'download-kueue', dir);
        expect(bundle.endsWith('.aws.json') && yaml.endsWith('.kueue.yaml') && commands.endsWith('commands.sh'), `file names: ${bundle} ${yaml} ${commands}`);

        // Byte for byte what the CLI writes for the scenario on screen.
        quotalab('export', 'aws', scenarioPath, '-o', join(dir, 'cli-bundle.json'));
        quotalab('export', 'kueue', scenarioPath, '-o', join(dir, 'cli.yaml'));
        expect(readFileSync(bundle, 'utf8') === readFileSync(join(dir, 'cli-bundle.json'), 'utf8'), 'the bundle is the CLI\'s');
        expect(readFileSync(yaml, 'utf8') === readFileSync(join(dir, 'cli.yaml'), 'utf8'), 'the YAML is the CLI\'s');
        const inBundle = JSON.parse(readFileSync(bundle, 'utf8')).files.find((f) => f.path === 'commands.sh');
        expect(inBundle && readFileSync(commands, 'utf8') === inBundle.contents, 'commands.sh is the bundle\'s');

        // And read back by the native importer, to the same shares.
        const fromAws = JSON.parse(quotalab('import', 'aws', bundle));
        const fromKueue = JSON.parse(quotalab('import', 'kueue', yaml, '--rules', 'aws'));
        const want = JSON.stringify(terms(scenario));
        expect(JSON.stringify(terms(fromAws)) === want, `AWS read back: ${JSON.stringify(terms(fromAws))} vs ${want}`);
        expect(JSON.stringify(terms(fromKueue)) === want, `Kueue read back: ${JSON.stringify(terms(fromKueue))} vs ${want}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'AWS and Kueue files written by quotalab export open in the app as the scenario, one Undo away; unreadable ones are refused in the dialog',
    fn: async (page, ctx) => {
      const dir = mkdtempSync(join(tmpdir(), 'quotalab-agreement-'));
      const source = join(ROOT, 'scenarios/lend-and-borrow.json');
      const files = { bundle: join(dir, 'lend.aws.json'), yaml: join(dir, 'lend.kueue.yaml'), broken: join(dir, 'broken.yaml') };
      quotalab('export', 'aws', source, '-o', files.bundle);
      quotalab('export', 'kueue', source, '-o', files.yaml);
      writeFileSync(files.broken, 'kind: [ClusterQueue\n');
      try {
        await page.goto(ctx.baseUrl);
        await page.locator('[data-testid="app-ready"]').waitFor({ state: 'attached', timeout: 60_000 });
        const before = await page.locator('[data-testid="scenario-name"]').innerText();
        await openDialog(page);

        await pick(page, [files.broken]);
        const refusal = await page.locator('[data-testid="agreement-error"]').innerText();
        expect(refusal.includes('cannot be imported'), `the refusal is shown in the dialog: ${refusal}`);
        expect(!(await page.locator('[data-testid="agreement-apply"]').isEnabled()), 'nothing to apply');

        await pick(page, [files.yaml]);
        const summary = await page.locator('[data-testid="agreement-summary"]').innerText();
        expect(summary.includes('the Kueue file') && /\d+ shares/.test(summary), `what the YAML would open: ${summary}`);
        await page.locator('[data-testid="agreement-apply"]').click();
        const confirm = page.locator('[data-testid="confirm-replace"]');
        if (await confirm.isVisible().catch(() => false)) await confirm.click();
        await page.locator('.notice', { hasText: 'from the Kueue file lend.kueue.yaml' }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="agreement-dialog"]').length === 0);

        await page.locator('[data-testid="undo"]').click();
        const undone = await page.locator('[data-testid="scenario-name"]').innerText();
        expect(undone === before, `Undo brings back "${before}", got "${undone}"`);

        await openDialog(page);
        await pick(page, [files.bundle]);
        const fromBundle = await page.locator('[data-testid="agreement-summary"]').innerText();
        expect(fromBundle.includes('the AWS bundle'), `the bundle is recognised: ${fromBundle}`);
        await page.locator('[data-testid="agreement-apply"]').click();
        if (await confirm.isVisible().catch(() => false)) await confirm.click();
        await page.locator('.notice', { hasText: 'from the AWS bundle lend.aws.json' }).waitFor();
        const shares = await page.locator('[data-testid="scenario-name"]').innerText();
        expect(shares !== before, `the bundle's scenario is on screen: ${shares}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'an interop worker that fails to load ends the export and the import with its reason, not a waiting dialog',
    fn: async (page, ctx) => {
      // The test hook of the simulation worker (src/worker/fault.rs) makes every worker's
      // script throw as it loads, the interop worker's too.
      // No run succeeds here, so the page never becomes "ready"; its header is enough.
      await page.goto(`${ctx.baseUrl}?worker-fault=load`);
      await page.locator('[data-testid="open-agreement-files"]').waitFor({ timeout: 60_000 });
      await openDialog(page);
      const error = page.locator('[data-testid="export-error"]');
      await error.waitFor({ timeout: 60_000 });
      const text = await error.innerText();
      expect(/import and export worker failed to load/.test(text), `the export says why: ${text}`);
      expect(await page.locator('[data-testid="export-busy"]').count() === 0, 'no "Making the files…" left');

      // The next request starts a fresh worker, which fails the same way, and says so.
      await pick(page, [join(ROOT, 'scenarios/default.json')]);
      const refusal = await page.locator('[data-testid="agreement-error"]').innerText();
      expect(/Nothing was imported: .*failed to load/.test(refusal), `the import says why: ${refusal}`);
    },
  },
  {
    name: 'a scenario of more than 100,000 listed jobs makes its files only when asked, and then makes them',
    fn: async (page, ctx) => {
      await page.goto(ctx.baseUrl);
      await page.locator('[data-testid="app-ready"]').first().waitFor({ state: 'attached', timeout: 60_000 });
      const dir = mkdtempSync(join(tmpdir(), 'quotalab-export-large-'));
      try {
        const file = join(dir, 'listed.json');
        writeFileSync(file, JSON.stringify(traceScenario(100_001)));
        const before = await importScenario(page, file);
        await waitForNewResults(page, before, 120_000);
        await openDialog(page);
        const note = await page.locator('[data-testid="export-large"]').innerText();
        expect(note.includes('100,001 jobs') && note.includes('quotalab export'), `it says why it waits: ${note}`);
        expect(await page.locator('[data-testid="export-busy"]').count() === 0, 'nothing is being made');
        expect(await page.locator('[data-testid="download-kueue"]').count() === 0, 'no files yet');
        await page.locator('[data-testid="export-make"]').click();
        await page.locator('[data-testid="download-kueue"]').waitFor({ timeout: 300_000 });
        expect(await page.locator('[data-testid="export-large"]').count() === 0, 'the note gives way to the files');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
