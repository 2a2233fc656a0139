/**
 * Server-rendered pages under load: `npm run bench:ssr` (build the web app first: `npm run build`).
 *
 * Target: a guest's product page, `GET /product/<slug>` as a browser asks for it (`accept-encoding: br, gzip`), at
 * ≥ 1,000 pages/s with p99 ≤ 50 ms at 50 concurrent connections, on a 100,000-product catalogue.
 *
 * 1. Seeds BENCH_PRODUCTS (100,000) products with the real seed (`npm run seed`) into a FRESH database: a dedicated
 *    PostgreSQL database created for the run (and dropped after) on the server at BENCH_DATABASE_URL, else
 *    TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); embedded PGlite in a temporary DATA_DIR when
 *    neither is set. The demo accounts get a random password, so that the server runs as production does.
 * 2. Reads BENCH_SLUGS (200) product slugs and names from it (a stable sample, ordered by a hash of the slug).
 * 3. Starts the real server (apps/server/src/main.ts, NODE_ENV=production, LOG_LEVEL=warn) serving the BUILT web app
 *    (WEB_DIST, apps/web/dist by default) and waits for it to settle.
 * 4. Fetches one product page and checks that its HTML shows the product's name in the page itself (outside the
 *    head, scripts and data blocks, which carry it without server rendering): a warning when it does not, and the
 *    figures are then those of the app shell, not of server-rendered pages.
 * 5. Warms up: every page once, then BENCH_WARMUP (3) seconds of the product load, not judged.
 * 6. Runs autocannon for BENCH_DURATION (10) seconds at BENCH_CONNECTIONS (50) per call:
 *      product  GET /product/<slug>, the slugs in turn
 *      home     GET /
 *      ping     GET /api/ping, the server's empty route: the ceiling the pages compare with
 *    and prints pages/s, p50, p99, max, non-2xx and errors, with PASS/MISS for the product page. Exits non-zero on a
 *    miss unless BENCH_REPORT_ONLY=1 (and on any error). The JSON goes to bench/.results/.
 *
 * Settings: BENCH_PRODUCTS (100000), BENCH_SLUGS (200), BENCH_DURATION (10), BENCH_WARMUP (3), BENCH_CONNECTIONS (50),
 * BENCH_PORT (3350), BENCH_CALLS (comma list: product, home, ping), BENCH_DATABASE_URL / TEST_DATABASE_URL,
 * BENCH_KEEP=1 (keep the seeded database), BENCH_DATA_DIR / BENCH_REUSE_URL (measure an already seeded PGlite folder /
 * PostgreSQL database; not fresh), WEB_DIST, BENCH_REPORT_ONLY=1, BENCH_CPU_PROF=folder (the server writes a V8 CPU
 * profile of the whole run there when it stops: where a page's time goes; open it in Chromium's DevTools).
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { headers, measure, type Figures, type LoadCall } from './lib/load.ts';
import {
  baseUrl,
  machine,
  pgliteTarget,
  postgresTarget,
  retireDemoPasswords,
  root,
  say,
  startServer,
  stopServer,
  waitForQuiet,
  waitForServer,
  writeResults,
  type Target,
} from './lib/server.ts';

const env = process.env;
const S = {
  products: Number(env.BENCH_PRODUCTS ?? 100_000),
  slugs: Number(env.BENCH_SLUGS ?? 200),
  duration: Number(env.BENCH_DURATION ?? 10),
  warmup: Number(env.BENCH_WARMUP ?? 3),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  port: Number(env.BENCH_PORT ?? 3350),
  calls: env.BENCH_CALLS?.split(',').map((s) => s.trim()).filter(Boolean),
  databaseUrl: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL,
  keep: env.BENCH_KEEP === '1',
  dataDir: env.BENCH_DATA_DIR,
  reuseUrl: env.BENCH_REUSE_URL,
  webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
  reportOnly: env.BENCH_REPORT_ONLY === '1',
  cpuProfile: env.BENCH_CPU_PROF,
};
const TARGET = { pagesPerSec: 1000, p99Ms: 50 };
const base = baseUrl(S.port);

function run(args: string[], extraEnv: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function prepareTarget(): Promise<Target> {
  if (S.dataDir) return pgliteTarget({ name: 'ssr', dataDir: S.dataDir });
  if (S.reuseUrl) return postgresTarget(S.databaseUrl ?? S.reuseUrl, { name: 'ssr', reuseUrl: S.reuseUrl });
  if (S.databaseUrl) return postgresTarget(S.databaseUrl, { name: 'ssr', keep: S.keep });
  return pgliteTarget({ name: 'ssr', keep: S.keep });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? whole),
  );
const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The text a visitor sees before any script runs: the body without scripts (the first-data JSON carries the name
 * already), styles, templates and comments, tags removed and entities decoded. The head is left out too: its title
 * and Open Graph tags name the product without any server rendering.
 */
function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html.replace(/<head[\s\S]*?<\/head>/i, '');
  const text = body
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return squash(decode(text));
}

interface Check {
  status: number;
  bytes: number;
  /** where the product's name was found: 'page' (rendered), 'head or data only', or 'nowhere' */
  found: 'page' | 'head or data only' | 'nowhere';
}

async function checkProductPage(slug: string, name: string): Promise<Check> {
  const res = await fetch(`${base}/product/${encodeURIComponent(slug)}`, { headers: { ...headers(), accept: 'text/html' } });
  const html = await res.text();
  const wanted = squash(name);
  const found = visibleText(html).includes(wanted) ? 'page' : squash(decode(html)).includes(wanted) ? 'head or data only' : 'nowhere';
  return { status: res.status, bytes: Buffer.byteLength(html), found };
}

/** Every path once, 4 at a time; the failures (status and path), if any. */
async function touchAll(paths: string[]): Promise<string[]> {
  const bad: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < paths.length) {
        const p = paths[next++]!;
        const res = await fetch(base + p, { headers: headers() });
        await res.arrayBuffer();
        if (res.status !== 200) bad.push(`${res.status} ${p}`);
      }
    }),
  );
  return bad;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

async function main(): Promise<boolean> {
  const index = path.join(S.webDist, 'index.html');
  if (!existsSync(index)) throw new Error(`The web app is not built in ${S.webDist}: run npm run build first`);
  const startedAt = new Date();
  const target = await prepareTarget();
  try {
    if (target.fresh) {
      say(`Seeding ${S.products.toLocaleString('en-IN')} products into a fresh ${target.engine} database`);
      await run(['--import', 'tsx', 'apps/server/src/db/seed/cli.ts', '--products', String(S.products)], target.serverEnv);
    } else say(`Using the already seeded ${target.engine} database at ${target.where} (not fresh)`);

    const database = await target.open();
    let sample: { slug: string; name: string }[];
    let productCount: number;
    try {
      await database.migrate();
      await retireDemoPasswords(database.db);
      sample = (await database.db.execute<{ slug: string; name: string }>(sql`select slug, name from products where is_active order by md5(slug) limit ${S.slugs}`)).rows;
      productCount = Number((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from products`)).rows[0]?.n ?? 0);
    } finally {
      await database.close();
    }
    if (!sample.length) throw new Error('The catalogue has no active product to ask for');

    const calls: LoadCall[] = [
      { name: 'product', paths: sample.map((p) => `/product/${encodeURIComponent(p.slug)}`) },
      { name: 'home', paths: ['/'] },
      { name: 'ping', paths: ['/api/ping'] },
    ].filter((c) => !S.calls || S.calls.includes(c.name));

    say(`Starting the server on the web app built ${statSync(index).mtime.toISOString()} (${path.relative(root, S.webDist) || S.webDist})`);
    const server = startServer(S.port, { ...target.serverEnv, WEB_DIST: S.webDist }, S.cpuProfile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(S.cpuProfile)] : []);
    const rows: Figures[] = [];
    let check: Check;
    try {
      await waitForServer(server, S.port);
      await waitForQuiet(server.pid);

      check = await checkProductPage(sample[0]!.slug, sample[0]!.name);
      if (check.status !== 200) throw new Error(`GET /product/${sample[0]!.slug} answered ${check.status}`);
      if (check.found === 'page') say(`The product page's HTML shows the product's name ("${sample[0]!.name}"): server-rendered`);
      else {
        process.stdout.write(
          `\n  WARNING: the product page's HTML does not show the product's name ("${sample[0]!.name}") in the page itself` +
            ` (${check.found === 'nowhere' ? 'nowhere in the HTML' : 'only in the head and the data for the app'}).\n` +
            '  The page is not server-rendered here: the figures below are those of the app shell.\n\n',
        );
      }

      say(`Warming up: every page once, then ${S.warmup} s of the product load`);
      const bad = await touchAll([...new Set(calls.flatMap((c) => c.paths))]);
      if (bad.length) throw new Error(`${bad.length} pages failed in the warm-up, e.g. ${bad.slice(0, 3).join(' | ')}`);
      const product = calls.find((c) => c.name === 'product');
      if (product && S.warmup > 0) await measure(product, { base, connections: S.connections, durationSeconds: S.warmup, targetP99Ms: TARGET.p99Ms });

      for (const call of calls) {
        say(`${call.name}: ${S.duration} s at ${S.connections} connections (load average ${os.loadavg()[0]!.toFixed(1)})`);
        rows.push(await measure(call, { base, connections: S.connections, durationSeconds: S.duration, targetP99Ms: TARGET.p99Ms, serverPid: server.pid }));
      }
    } finally {
      await stopServer(server);
    }

    const judged = (f: Figures) => f.call === 'product';
    const meets = (f: Figures) => f.errors === 0 && f.non2xx === 0 && f.requests > 0 && f.reqPerSec >= TARGET.pagesPerSec && f.p99 <= TARGET.p99Ms;
    const mark = (f: Figures, ok: boolean) => (judged(f) ? (ok ? ' PASS' : ' MISS') : '');
    const head = `${'call'.padEnd(8)} ${pad('pages/s', 13)} ${pad('p50 ms', 7)} ${pad('p99 ms', 12)} ${pad('max ms', 7)} ${pad('non-2xx', 7)} ${pad('errors', 6)} ${pad('load', 5)} ${pad('cpu µs', 7)}  path`;
    const lines = rows.map(
      (f) =>
        `${f.call.padEnd(8)} ${pad(`${f.reqPerSec}${mark(f, f.reqPerSec >= TARGET.pagesPerSec)}`, 13)} ${pad(f.p50, 7)} ${pad(`${f.p99}${mark(f, f.p99 <= TARGET.p99Ms)}`, 12)} ` +
        `${pad(f.max, 7)} ${pad(f.non2xx, 7)} ${pad(f.errors, 6)} ${pad(f.load1.toFixed(1), 5)} ${pad(f.cpuUs ?? '-', 7)}  ${f.path}`,
    );
    const productRow = rows.find(judged);
    const missed = rows.some((f) => f.errors + f.non2xx > 0) || (productRow !== undefined && !meets(productRow));
    process.stdout.write(
      `\nserver-rendered pages · ${target.engine}${target.fresh ? '' : ' (reused data, not fresh)'} · ${productCount.toLocaleString('en-IN')} products · ` +
        `${S.connections} connections · ${S.duration} s per call · ${machine()}\n` +
        `product page HTML: ${(check.bytes / 1024).toFixed(1)} KB, the product's name ${check.found === 'page' ? 'in the page (server-rendered)' : `NOT in the page (${check.found})`}\n\n` +
        `${head}\n${lines.join('\n')}\n\n` +
        `target: product page ≥ ${TARGET.pagesPerSec} pages/s and p99 ≤ ${TARGET.p99Ms} ms, every answer 2xx: ` +
        `${productRow ? (meets(productRow) ? 'PASS' : 'MISS') : 'not measured'}${missed && S.reportOnly ? ' (BENCH_REPORT_ONLY=1: exit code 0)' : ''}\n`,
    );
    say(
      `Results written to ${writeResults(`ssr-${target.engine}`, startedAt, {
        engine: target.engine,
        freshDatabase: target.fresh,
        products: productCount,
        settings: { ...S, databaseUrl: S.databaseUrl ? '(set)' : undefined, reuseUrl: S.reuseUrl ? '(set)' : undefined },
        serverRendered: check.found === 'page',
        productHtmlBytes: check.bytes,
        target: TARGET,
        runs: rows,
      })}`,
    );
    return !missed || S.reportOnly;
  } finally {
    await target.cleanup();
    if (target.fresh && S.keep) say(`The seeded database is kept: ${target.where} (BENCH_${target.engine === 'postgres' ? 'REUSE_URL' : 'DATA_DIR'} measures it again)`);
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    process.stderr.write(`The benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
