// End-to-end test runner: serves dist/ and drives Debian's Chromium through playwright-core.
//
// Usage: node tests/e2e/run.mjs [NAME_FILTER]   (run by `./dev test` and `./dev e2e`)
//
// Every tests/e2e/*.test.mjs exports `tests = [{ name, fn: async (page, ctx) => … }]`. Each test
// gets a page in a fresh browser profile and a `ctx` with:
//   baseUrl            the URL dist/ is served at (a free port on 127.0.0.1);
//   newPage()          another page, in a fresh profile of its own (e.g. to open a shared link);
//   screenshot(name)   a full-page PNG of the test's page, written to docs/NAME.png.
// A test fails when it throws or times out, and also when any of its pages logs a console error,
// throws an uncaught exception, violates the Content-Security-Policy or gets an HTTP error.
// The last line printed is "N passed, N failed"; the exit code is non-zero on any failure.

import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveDir } from '../../tools/static-server.mjs';
import { BROWSER } from './browser.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const DIST = resolve(ROOT, process.env.E2E_DIST ?? 'dist');
const DOCS = join(ROOT, 'docs');
const FAILURE_SHOTS = join(ROOT, 'target', 'e2e-failures');
const TEST_TIMEOUT_MS = 120_000;

/**
 * Records everything that makes a page unhealthy into `problems`. Chromium reports a
 * Content-Security-Policy violation as a console error, so the console listener catches those.
 */
function watch(page, problems) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? 'unknown';
    // Requests cut short by navigation or closing the page are not the app's fault.
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${reason})`);
  });
}

/** Opens a page in a fresh, throw-away browser profile; `cleanups` undoes it. */
async function freshPage(problems, cleanups) {
  const profile = await mkdtemp(join(tmpdir(), 'quotalab-e2e-'));
  cleanups.push(() => rm(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, BROWSER);
  cleanups.push(() => context.close());
  const page = context.pages()[0] ?? (await context.newPage());
  watch(page, problems);
  return page;
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs one test; returns null when it passed, else the reason it failed. */
async function runTest(test, baseUrl) {
  const problems = [];
  const cleanups = [];
  let page;
  try {
    page = await freshPage(problems, cleanups);
    const ctx = {
      baseUrl,
      newPage: () => freshPage(problems, cleanups),
      screenshot: (name) => page.screenshot({ path: join(DOCS, `${name}.png`), fullPage: true }),
    };
    await withTimeout(test.fn(page, ctx), TEST_TIMEOUT_MS);
  } catch (err) {
    problems.unshift(err?.message ?? String(err));
  }
  if (problems.length && page) {
    // What the page showed when the test failed; often the quickest clue.
    const path = join(FAILURE_SHOTS, `${test.name.replace(/[^\w.-]+/g, '_')}.png`);
    if (await page.screenshot({ path, fullPage: true }).then(() => true, () => false)) {
      problems.push(`screenshot of the page: ${path}`);
    }
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  // Playwright colours its call logs; keep the report plain text.
  return problems.length ? problems.join('\n    ').replace(/\x1b\[[0-9;]*m/g, '') : null;
}

/** All tests of tests/e2e/*.test.mjs whose name contains `filter`, named "file: test". */
async function collectTests(filter) {
  const files = (await readdir(HERE)).filter((f) => f.endsWith('.test.mjs')).sort();
  const tests = [];
  for (const file of files) {
    const { tests: fileTests = [] } = await import(pathToFileURL(join(HERE, file)).href);
    for (const test of fileTests) {
      const name = `${basename(file, '.test.mjs')}: ${test.name}`;
      if (name.includes(filter)) tests.push({ ...test, name });
    }
  }
  return tests;
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log(`FAIL e2e: ${DIST}/index.html not found; build the site first (./dev serve or ./dev test)`);
    return { passed: 0, failed: 1 };
  }
  const tests = await collectTests(process.argv[2] ?? '');
  if (tests.length === 0) {
    console.log('FAIL e2e: no tests found in tests/e2e/*.test.mjs');
    return { passed: 0, failed: 1 };
  }
  const { server, baseUrl } = await serveDir(DIST);
  let passed = 0;
  let failed = 0;
  try {
    for (const test of tests) {
      const started = Date.now();
      const failure = await runTest(test, baseUrl);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (failure) {
        failed += 1;
        console.log(`FAIL ${test.name}: ${failure}`);
      } else {
        passed += 1;
        console.log(`ok ${test.name} (${seconds} s)`);
      }
    }
  } finally {
    server.close();
  }
  return { passed, failed };
}

const { passed, failed } = await main();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
