/**
 * The built web app served by the real server, for the browser benchmarks (bundle.ts, lighthouse.ts): started the
 * way the browser tests start it (`node scripts/start.mjs`, which builds the web app first when its sources changed),
 * on a fresh embedded database seeded with the demo data, NODE_ENV=test.
 *
 * Settings: BENCH_URL (use a server that is already running instead, e.g. http://127.0.0.1:3000), BENCH_PORT (a free
 * port by default), BENCH_DATA_DIR (reuse a seeded data folder: the seed takes about a minute; kept afterwards),
 * WEB_DIST (where the web app is built; apps/web/dist by default, like `npm start`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startWebServer(): Promise<WebServer> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} };
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const url = `http://127.0.0.1:${port}`;
  const keepData = Boolean(process.env.BENCH_DATA_DIR);
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'statewise-bench-web-'));
  console.log(`Starting the server on ${url} (data in ${dataDir}${keepData ? '' : ', seeded now: about a minute'})`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  const done = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await done;
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited) throw new Error('The server stopped before it answered (see its output above)');
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${url}/api/health within 5 minutes`);
    }
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A real category slug and product slug from the API, for the listing and product pages. */
export async function samplePages(url: string): Promise<{ listing: string; product: string }> {
  const categories = (await (await fetch(`${url}/api/category/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as {
    data: { slug: string }[];
  };
  const top = (await (await fetch(`${url}/api/product/topSelling?limit=10`)).json()) as { data: { slug: string; inStock: boolean }[] };
  const category = categories.data[0]?.slug;
  // a product that can be bought, as most visited product pages are
  const product = (top.data.find((p) => p.inStock) ?? top.data[0])?.slug;
  if (!category || !product) throw new Error('The catalogue is empty: no category or product to measure');
  return { listing: `/products/${category}`, product: `/product/${product}` };
}
