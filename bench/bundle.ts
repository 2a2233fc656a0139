/**
 * The gzip size of the JavaScript a route needs before it can paint: the entry chunk, the route's lazy chunk, and
 * everything they import statically (what the browser must download), from Vite's manifest.
 * Usage: npx tsx bench/bundle.ts [RouteComponentFile ...]   (default: the home page)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const out = process.env.WEB_DIST ?? mkdtempSync(path.join(os.tmpdir(), 'statewise-bundle-'));
execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length;
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['src/features/home/HomePage.tsx'];

/** The target for the home route's initial JavaScript: 100 KB gzip. */
const BUDGET_BYTES = 100 * 1024;
let overBudget = false;
for (const route of routes) {
  const key = Object.keys(manifest).find((k) => k.endsWith(route));
  if (!key) throw new Error(`No chunk for ${route}`);
  const keys = closure([entry, key]);
  let js = 0;
  let css = 0;
  const rows: string[] = [];
  for (const k of keys) {
    const c = manifest[k]!;
    const size = gz(c.file);
    js += size;
    rows.push(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${c.file}`);
    for (const s of c.css ?? []) css += gz(s);
  }
  console.log(`${route}: initial JavaScript ${(js / 1024).toFixed(1)} KB gzip = ${js} bytes, budget ${BUDGET_BYTES} (CSS ${(css / 1024).toFixed(1)} KB gzip)`);
  if (js > BUDGET_BYTES) overBudget = true;
  console.log(rows.join('\n'));
}
if (overBudget) process.exitCode = 1;
