// `npm test`: every test. Unit, contract and API tests (Vitest; API tests on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests (Playwright driving Debian's Chromium) on the built app.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, cmd, args) => {
  process.stdout.write(`\n=== ${label} ===\n`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  process.stdout.write(`=== ${label}: ${res.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s ===\n`);
  return res.status === 0;
};

const only = process.argv.slice(2);
const results = [];
if (!only.length || only.includes('static')) {
  results.push(run('types', 'npm', ['run', 'typecheck', '--silent']));
  results.push(run('lint', 'npx', ['eslint', '.']));
}
if (!only.length || only.includes('unit')) results.push(run('unit, contract and API tests', 'npx', ['vitest', 'run']));
if (!only.length || only.includes('e2e')) {
  buildWeb();
  results.push(run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']));
}
process.exit(results.every(Boolean) ? 0 : 1);
