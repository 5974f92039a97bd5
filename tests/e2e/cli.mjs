// The native CLI, for the end-to-end tests that hold the app's files and results to what
// `quotalab` makes of the same input: the binary built last of target/release/quotalab and the
// debug build that `./dev test` leaves in target/debug, so that a release binary left by an
// earlier benchmark never answers for today's code.

import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The path of the `quotalab` binary built last; throws, saying how to build one, without. */
export function cliPath() {
  const built = ['release', 'debug']
    .map((profile) => join(ROOT, 'target', profile, 'quotalab'))
    .filter(existsSync)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built.length === 0) throw new Error('expected: a built CLI (cargo build -p quotalab-cli)');
  return built[0];
}

/** Runs `quotalab ARGS…` and returns what it printed; throws with its message if it fails. */
export function quotalab(...args) {
  return execFileSync(cliPath(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
}
