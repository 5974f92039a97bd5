// The offline copy (public/service-worker.js; docs/ARCHITECTURE.md, "Offline and updates") and
// the first chart as a room on a slow link waits for it (docs/PERFORMANCE.md, "First chart on a
// slow link"). The timings are printed, never asserted: they depend on the machine.

import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serveDir } from '../../tools/static-server.mjs';
import { timeStrategyEdit } from './scale.mjs';

/** Chromium's emulation of a 10 Mbit/s link with 40 ms latency, as the goal states it. */
const TEN_MBIT = { offline: false, latency: 40, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 };

async function ready(page) {
  await page.locator('[data-testid="app-ready"]').first().waitFor({ state: 'attached', timeout: 90_000 });
}

/** Waits until this build's service worker is active and controls `page`; its cache's name. */
async function offlineCopy(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return (await caches.keys()).filter((name) => name.startsWith('quotalab-'));
  });
}

/** Milliseconds from the navigation's start to the first results drawn (the session's mark). */
async function firstChartMs(page) {
  await ready(page);
  const drawn = await page.waitForFunction(
    () => performance.getEntriesByName('quotalab:result-drawn')[0]?.startTime,
    null,
    { timeout: 30_000 },
  );
  return Math.round(await drawn.jsonValue());
}

/**
 * Asks the server for every file of the build once, gzipped: tools/static-server.mjs compresses a
 * file on its first request, which a static host does before the visit, so a cold visit must not
 * wait for it (for the page's wasm, several hundred milliseconds on this machine).
 */
async function compressedAhead(baseUrl) {
  const files = await readdir(resolve(process.env.E2E_DIST ?? 'dist'));
  for (const file of files) {
    await fetch(new URL(file, baseUrl), { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
  }
}

/** Bytes the page fetched over the network (not from its caches), as they came over the wire. */
function transferred(page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('navigation')
      .concat(performance.getEntriesByType('resource'))
      .reduce((sum, entry) => sum + (entry.transferSize ?? 0), 0),
  );
}

export const tests = [
  {
    name: 'after the first visit the site opens and simulates with no network',
    async fn(page, ctx) {
      await page.goto(ctx.baseUrl);
      await ready(page);
      const caches = await offlineCopy(page);
      if (caches.length !== 1) throw new Error(`expected one offline copy, found ${JSON.stringify(caches)}`);

      await page.context().setOffline(true);
      await page.reload();
      await ready(page);
      const cards = await page.locator('[data-testid="kpi-card"]').count();
      if (cards === 0) throw new Error('offline, the results show no KPI card');
      // An edit offline runs in the worker, whose script and wasm also come from the copy.
      const ms = await timeStrategyEdit(page, 'RESERVE');
      if (!(ms > 0)) throw new Error('offline, an edit drew no new results');
      await page.context().setOffline(false);
    },
  },
  {
    name: 'a new build replaces the offline copy and the page shows it on the next visit',
    async fn(page) {
      // A copy of the build served on its own port, so it can be "deployed" again.
      const site = await mkdtemp(join(tmpdir(), 'quotalab-deploy-'));
      await cp(resolve(process.env.E2E_DIST ?? 'dist'), site, { recursive: true });
      const { server, baseUrl } = await serveDir(site);
      try {
        await page.goto(baseUrl);
        await ready(page);
        const [first] = await offlineCopy(page);

        // The next deployment: another page text and another worker version, as a build writes.
        const index = join(site, 'index.html');
        await writeFile(index, (await readFile(index, 'utf8')).replace('<title>Quota Lab</title>', '<title>Quota Lab, next build</title>'));
        const worker = join(site, 'service-worker.js');
        const text = await readFile(worker, 'utf8');
        const version = /const VERSION = "([0-9a-f]+)"/.exec(text)?.[1];
        if (!version) throw new Error('the built service worker has no version written in');
        await writeFile(worker, text.replace(`"${version}"`, '"0000000000000000"'));

        // A visit finds the new worker, which takes over and drops the old copy.
        await page.reload();
        await ready(page);
        await page.waitForFunction(
          async (old) => {
            const names = (await caches.keys()).filter((name) => name.startsWith('quotalab-'));
            return names.length === 1 && names[0] !== old;
          },
          first,
          { timeout: 60_000, polling: 200 },
        );
        await page.reload();
        await ready(page);
        const title = await page.title();
        if (title !== 'Quota Lab, next build') throw new Error(`after the new build the page is still "${title}"`);
      } finally {
        server.close();
        await rm(site, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'first chart on a 10 Mbit/s link: cold, then a second visit',
    async fn(page, ctx) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', TEN_MBIT);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await compressedAhead(ctx.baseUrl);
      await page.goto(ctx.baseUrl);
      const cold = await firstChartMs(page);
      const coldBytes = await transferred(page);
      await offlineCopy(page);

      // A second visit, as a user comes back: the caches on, the same link.
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      const again = await page.context().newPage();
      const cdpAgain = await page.context().newCDPSession(again);
      await cdpAgain.send('Network.enable');
      await cdpAgain.send('Network.emulateNetworkConditions', TEN_MBIT);
      await again.goto(ctx.baseUrl);
      const second = await firstChartMs(again);
      const secondBytes = await transferred(again);
      console.log(
        `    first chart at 10 Mbit/s, 40 ms: cold ${cold} ms (${Math.round(coldBytes / 1024)} KB over the wire), ` +
          `second visit ${second} ms (${Math.round(secondBytes / 1024)} KB)`,
      );
      if (!(cold > 0 && second > 0)) throw new Error(`no first chart measured: ${cold}, ${second}`);
      await again.close();
    },
  },
];
