// End-to-end tests of Kueue in the app (docs/KUEUE.md, "In the app"): the gallery's Kueue
// example runs with its charts and per-queue table; the rules switch asks before it translates
// and Undo brings AWS back; "Compare with AWS Batch rules" makes the study and names the rules
// behind each difference; Kueue YAML with Workloads comes in through Import; a link carries a
// Kueue scenario; a translated run shows its notes; fair sharing is switched in the Queues tab;
// Sweep offers a ClusterQueue's quotas; Advise offers ClusterQueues and Kueue's knobs and proposes
// changes in Kueue's words. Every page fails its test on a console error (run.mjs).

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const CLUSTER = resolve(HERE, '../../crates/interop/tests/fixtures/kueue/cluster.yaml');
const READY = '[data-testid="app-ready"]';

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function open(page, url) {
  await page.goto(url);
  await page.locator(READY).first().waitFor({ state: 'attached', timeout: 60_000 });
}

/** Waits until the results show the scenario now on screen. */
async function resultsCaughtUp(page) {
  const revision = await page.locator('[data-testid="status-bar"]').getAttribute('data-revision');
  await page.locator(`${READY}[data-revision="${revision}"]`).first().waitFor({ state: 'attached', timeout: 60_000 });
}

async function openKueueExample(page, ctx) {
  await open(page, ctx.baseUrl);
  await page.getByRole('button', { name: 'Examples', exact: true }).click();
  await page.locator('[data-testid="example-kueue-three-teams"]').click();
  await page.locator('[data-testid="scenario-name"]', { hasText: 'Kueue: three teams' }).waitFor();
  await resultsCaughtUp(page);
}

/** Opens the gallery's `example`, compares it with Kueue rules, and waits for the comparison. */
async function compareExampleWithKueue(page, ctx, example) {
  await open(page, ctx.baseUrl);
  await page.getByRole('button', { name: 'Examples', exact: true }).click();
  await page.locator(`[data-testid="example-${example}"]`).click();
  await resultsCaughtUp(page);
  await page.locator('[data-testid="compare-rules"]').click();
  const done = page.locator('[data-testid="study-done"]:visible');
  await done.waitFor({ timeout: 100_000 });
  return done;
}

export const tests = [
  {
    name: 'the gallery example runs with charts drawn and its per-queue table',
    async fn(page, ctx) {
      await openKueueExample(page, ctx);
      expect((await page.locator('[data-testid="rules"]').inputValue()) === 'kueue', 'the rules switch reads kueue');
      expect((await page.locator('[data-testid="cluster-queue-card"]').count()) === 3, 'three ClusterQueue cards');
      expect((await page.locator('[data-testid="reach-bar"]').count()) === 5, 'a reach bar per queue and flavor');
      const rows = page.locator('[data-testid="kueue-queue-row"]');
      expect((await rows.count()) === 3, `per-queue rows: ${await rows.count()}`);
      const table = await page.locator('[data-testid="kueue-queues"]').innerText();
      expect(table.includes('InCohortReclamation'), `the table names Kueue's reasons: ${table}`);
      const charts = await page.locator('[data-testid="chart"] .chart-picture svg').count();
      expect(charts >= 1, 'a chart is drawn');
    },
  },
  {
    name: 'switching rules asks first, applies, and Undo brings AWS back',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      const rules = page.locator('[data-testid="rules"]');
      expect((await rules.inputValue()) === 'aws', 'the default scenario is AWS');
      await rules.selectOption('kueue');
      await page.locator('[data-testid="rules-dialog"]').waitFor();
      expect((await rules.inputValue()) === 'aws', 'nothing applies before the confirmation');
      await page.locator('[data-testid="confirm-rules"]').click();
      await page.locator('[data-testid="cluster-queue-card"]').first().waitFor();
      expect((await rules.inputValue()) === 'kueue', 'switched');
      await resultsCaughtUp(page);
      await page.locator('[data-testid="kueue-queues"]').waitFor();
      await page.locator('[data-testid="undo"]').click();
      await page.locator('[data-testid="share-card"]').first().waitFor();
      expect((await rules.inputValue()) === 'aws', 'Undo brings AWS back');
    },
  },
  {
    name: 'Compare with AWS Batch rules runs the study and names the rules behind differences',
    async fn(page, ctx) {
      await openKueueExample(page, ctx);
      const button = page.locator('[data-testid="compare-rules"]');
      expect((await button.innerText()) === 'Compare with AWS Batch rules', await button.innerText());
      await button.click();
      expect((await page.locator('[data-testid="variant-tab"]').count()) === 2, 'two variants');
      await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
      const shares = await page.locator('[data-testid="compare-share"]').count();
      expect(shares === 3, `three teams compared: ${shares}`);
      const differences = await page.locator('[data-testid="rules-differences"]').innerText();
      expect(/reclaimWithinCohort|lendingLimit|flavors|victim/.test(differences) || differences.includes('None of its own rules'),
        `rules named: ${differences}`);
    },
  },
  {
    name: 'the default agreement compared with Kueue rules says that no team differs, with each tab naming its rules',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('[data-testid="compare-rules"]').click();
      await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
      const agree = await page.locator('[data-testid="rules-agree"]').innerText();
      expect(agree.startsWith("No team's KPIs differ between the rule sets"), `the section says so: ${agree}`);
      expect((await page.locator('[data-testid="rules-team"]').count()) === 0, 'and lists no team');
      const badges = await page.locator('[data-testid="variant-tab"] [data-testid="variant-rules"]').allInnerTexts();
      expect(badges.join('|') === 'AWS Batch|Kueue', `tabs: ${badges.join(', ')}`);
      const changes = await page.locator('[data-testid="compare-changes"]').innerText();
      expect(changes.includes('rules: AWS Batch -> Kueue'), `the change in words: ${changes}`);
    },
  },
  {
    name: 'an agreement without shares compared with Kueue rules: one team on both sides, and what the translation drops',
    async fn(page, ctx) {
      await compareExampleWithKueue(page, ctx, 'training-plan-fallback');
      const team = await page.locator('[data-testid="rules-team"]').innerText();
      expect(team.startsWith('(no share)') && team.includes('leaves out or approximates 2 parts'),
        `the one team, and the translation as its cause: ${team}`);
      const notes = (await page.locator('[data-testid="compare-view"] .study-note').allInnerTexts()).join('\n');
      expect(notes.includes('run under Kueue rules through the translation: dropped: training_plans[0]'),
        `the comparison says the plan is dropped: ${notes}`);
    },
  },
  {
    name: 'a trace compared with Kueue rules runs once per variant: every seed gives the same run',
    async fn(page, ctx) {
      const done = await compareExampleWithKueue(page, ctx, 'philly-trace');
      const status = await done.innerText();
      expect(/^2 runs on \d+ workers? in/.test(status), `two runs, one per variant: ${status}`);
      const note = await page.locator('[data-testid="study-stood-in"]:visible').innerText();
      expect(note.includes('the other 38 are those runs at other seeds'), `the 38 other seeds are explained: ${note}`);
      expect((await page.locator('[data-testid="compare-share"]').count()) >= 2, 'the teams are compared');
      await ctx.screenshot('compare-trace-rules');
    },
  },
  {
    name: 'YAML with Workloads comes in through Import and asks how to read them',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await page.locator('[data-testid="import-file"]').setInputFiles({
        name: 'cluster.yaml', mimeType: 'application/yaml', buffer: readFileSync(CLUSTER),
      });
      await page.locator('[data-testid="kueue-workloads-dialog"]').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="kueue-from-state"]').click();
      await page.locator('[data-testid="cluster-queue-card"]').first().waitFor({ timeout: 30_000 });
      expect((await page.locator('[data-testid="rules"]').inputValue()) === 'kueue', 'opened under Kueue rules');
      await resultsCaughtUp(page);
    },
  },
  {
    name: 'a link carries a Kueue scenario and its view',
    async fn(page, ctx) {
      await openKueueExample(page, ctx);
      await page.locator('[data-testid="copy-link"]').click();
      const url = page.url();
      expect(url.includes('#s='), `a link: ${url}`);
      const other = await ctx.newPage();
      await open(other, url);
      const name = await other.locator('[data-testid="scenario-name"]').innerText();
      expect(name === 'Kueue: three teams in one cohort', `opened ${name}`);
      expect((await other.locator('[data-testid="rules"]').inputValue()) === 'kueue', 'the link keeps the rules');
      expect((await other.locator('[data-testid="cluster-queue-card"]').count()) === 3, 'and the ClusterQueues');
    },
  },
  {
    name: 'a variant under Kueue rules shows the run\'s notes: what each share became through the translation',
    async fn(page, ctx) {
      await open(page, ctx.baseUrl);
      await resultsCaughtUp(page);
      expect((await page.locator('[data-testid="run-notes"]').count()) === 0, 'the default scenario\'s run has no notes');
      await page.locator('[data-testid="compare-rules"]').click();
      await page.locator('[data-testid="study-done"]:visible').waitFor({ timeout: 100_000 });
      await page.locator('[data-testid="mode-run"]').click();
      await resultsCaughtUp(page);
      const notes = page.locator('[data-testid="run-notes"]');
      const summary = await notes.locator('summary').innerText();
      expect(summary === '4 notes on this run', `one per share and the capacity: ${summary}`);
      await notes.locator('summary').click();
      const items = await notes.locator('li').allInnerTexts();
      expect(items.length === 4 && items.every((n) => n.startsWith('run under Kueue rules through the translation')),
        `the engine's words: ${items.join(' | ')}`);
      expect(items[0].includes('ClusterQueue "background"'), `the share's ClusterQueue: ${items[0]}`);
      await ctx.screenshot('results-run-notes');
    },
  },
  {
    name: 'fair sharing is switched on in the Queues tab, written as Kueue validates it, and undone',
    async fn(page, ctx) {
      await openKueueExample(page, ctx);
      const queues = page.locator('[aria-label="Kueue cohorts and ClusterQueues"]');
      const fair = queues.getByLabel('Fair sharing');
      expect((await fair.inputValue()) === 'off', 'off, as the example says');
      const options = await fair.locator('option').allTextContents();
      expect(options.length === 4 && options[0].startsWith('Off'), `off, both, or one strategy: ${options.join(' | ')}`);
      await fair.selectOption('LessThanInitialShare');
      await resultsCaughtUp(page);
      await page.getByRole('tab', { name: /JSON/ }).click();
      const json = JSON.parse(await page.locator('[data-testid="json-editor"]').inputValue());
      expect(JSON.stringify(json.kueue.fair_sharing) === '{"preemption_strategies":["LessThanInitialShare"]}',
        `the manager's fairSharing: ${JSON.stringify(json.kueue.fair_sharing)}`);
      await page.getByRole('tab', { name: 'Queues' }).click();
      await fair.selectOption('both');
      await page.getByRole('tab', { name: /JSON/ }).click();
      const both = JSON.parse(await page.locator('[data-testid="json-editor"]').inputValue()).kueue.fair_sharing;
      expect(both.preemption_strategies.join(',') === 'LessThanOrEqualToFinalShare,LessThanInitialShare',
        `both strategies listed, in Kueue's order: ${JSON.stringify(both)}`);
      await page.getByRole('tab', { name: 'Queues' }).click();
      // Two changes of one field close together are one undo step (state/history.rs).
      await page.keyboard.press('Control+z');
      expect((await fair.inputValue()) === 'off', 'undo: off again');
    },
  },
  {
    name: 'Sweep under Kueue rules offers the ClusterQueues\' quotas, not instance counts, and sweeps one',
    async fn(page, ctx) {
      await openKueueExample(page, ctx);
      await page.locator('[data-testid="mode-sweep"]').click();
      const view = page.locator('[data-testid="sweep-view"]');
      const param = view.locator('[data-testid="sweep-param"]');
      const offered = await param.locator('option').allTextContents();
      expect(offered.some((o) => o.startsWith("Nominal quota of ClusterQueue 'research' on flavor 'a10g' (nvidia.com/gpu)")),
        `the quotas are offered: ${offered.join(' | ')}`);
      expect(!offered.some((o) => /capacity of|Max pending/.test(o)), `nothing Kueue ignores or refuses: ${offered.join(' | ')}`);
      await param.selectOption('kueue.cluster_queues[0].resource_groups[0].flavors[0].resources[0].nominal_quota');
      const title = await param.getAttribute('title');
      expect(title === "Nominal quota of ClusterQueue 'research' on flavor 'a10g' (nvidia.com/gpu)",
        `the closed select's tooltip says the whole label: ${title}`);
      await view.locator('[data-testid="sweep-from"]').fill('2');
      await view.locator('[data-testid="sweep-to"]').fill('12');
      await view.locator('[data-testid="sweep-steps"]').fill('3');
      await view.locator('[data-testid="study-seeds"]').fill('4');
      await view.locator('[data-testid="study-seeds"]').dispatchEvent('change');
      await view.locator('[data-testid="study-run"]').click();
      await view.locator('[data-testid="study-done"]').waitFor({ timeout: 100_000 });
      expect((await view.locator('.chart-picture svg').count()) === 4, 'the sweep draws its four charts');
      const text = await view.textContent();
      expect(text.includes("p90 completion against Nominal quota of ClusterQueue 'research'"), 'the charts name the quota swept');
      const cli = await view.locator('[data-testid="sweep-cli"] code').textContent();
      expect(cli.includes("--param 'kueue.cluster_queues[0].resource_groups[0].flavors[0].resources[0].nominal_quota' --values 2,7,12"),
        `the command line sweeps the same quota: ${cli}`);
      await ctx.screenshot('sweep-kueue');
    },
  },
  {
    name: 'Advise under Kueue rules: ClusterQueues as teams, Kueue knobs, proposals in Kueue words',
    async fn(page, ctx) {
      await openKueueExample(page, ctx);
      await page.locator('[data-testid="mode-advise"]').click();
      const view = page.locator('[data-testid="advise-view"]');
      await view.locator('[data-testid="advise-add-target"]').click();
      const team = view.locator('[data-testid="advise-target-share"]').first();
      const teams = await team.locator('option').allTextContents();
      expect(['research', 'training', 'serving'].some((q) => teams.includes(q)) && !teams.includes('background'),
        `the teams are the ClusterQueues: ${teams}`);
      for (const knob of ['nominal_quota', 'borrowing_limit', 'lending_limit', 'reclaim_within_cohort', 'within_cluster_queue']) {
        expect(await view.locator(`[data-testid="advise-knob-${knob}"]`).count() === 1, `knob ${knob} is offered`);
      }
      for (const knob of ['strategy', 'limits', 'borrow_limit', 'capacity']) {
        expect(await view.locator(`[data-testid="advise-knob-${knob}"]`).count() === 0, `AWS knob ${knob} is not offered`);
      }
      const bound = view.locator('[data-testid="advise-target-value"]').first();
      await bound.fill('1');
      await bound.press('Tab');
      await view.locator('[data-testid="study-run"]').click();
      const done = await view.locator('[data-testid="study-done"]').textContent({ timeout: 120_000 });
      expect(/starts? of the search/.test(done), `the search ran: ${done}`);
      const result = await view.locator('[data-testid="advise-result"]').innerText();
      expect(/ClusterQueue '[a-z-]+'/.test(result) || (await view.locator('[data-testid="advise-binding"]').count()) === 1,
        `proposals name ClusterQueues, or the binding target is named: ${result}`);
      const line = await view.locator('[data-testid="advise-cli"] code').textContent();
      expect(line.includes('nominal_quota') && !line.includes('strategy'), `the command line varies Kueue's knobs: ${line}`);
    },
  },
];
