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
  let stopping = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      // Said at once: a browser benchmark would otherwise only see pages that no longer load (e.g. Chromium's
      // interstitial), and a server killed from outside (SIGKILL) writes nothing itself.
      // The server exits 0 only from its SIGTERM/SIGINT handler (apps/server/src/main.ts).
      const why = signal ? `signal ${signal}` : code === 0 ? 'exit code 0: another process sent it SIGTERM or SIGINT' : `exit code ${code}`;
      if (!stopping) process.stderr.write(`The server stopped during the benchmark (${why})\n`);
      resolve();
    }),
  );
  const stop = async () => {
    stopping = true;
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

/** Real paths for the pages the browser benchmarks measure, read from the API: nothing is guessed. */
export interface SamplePages {
  /** a category listing, `/products/<category slug>` */
  listing: string;
  /** a product that can be bought, `/product/<slug>` */
  product: string;
  /** that product's vendor's store, `/store/<store slug>` */
  store: string;
  /** the community feed (apps/web features/community/routes.tsx) */
  community: string;
}

const json = async <T>(res: Promise<Response>): Promise<T> => (await (await res).json()) as T;

export async function samplePages(url: string): Promise<SamplePages> {
  const post = (p: string) => fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const categories = await json<{ data: { slug: string }[] }>(post('/api/category/list'));
  const top = await json<{ data: { slug: string; inStock: boolean }[] }>(fetch(`${url}/api/product/topSelling?limit=10`));
  const category = categories.data[0]?.slug;
  // a product that can be bought, as most visited product pages are
  const product = (top.data.find((p) => p.inStock) ?? top.data[0])?.slug;
  if (!category || !product) throw new Error('The catalogue is empty: no category or product to measure');
  // The store of a vendor with a product on sale (a store page with products, as shoppers reach it from one); the
  // directory's first vendor when the product page names none.
  const page = await json<{ data?: { vendorDetails?: { vendorSlug?: string }[] } }>(fetch(`${url}/api/product/${encodeURIComponent(product)}`));
  let store = page.data?.vendorDetails?.find((v) => v.vendorSlug)?.vendorSlug;
  if (!store) {
    const directory = await json<{ data?: { vendors: { vendorInfo: { vendorSlug: string } }[] } }>(post('/api/admin/vendors'));
    store = directory.data?.vendors.find((v) => v.vendorInfo.vendorSlug)?.vendorInfo.vendorSlug;
  }
  if (!store) throw new Error('No approved vendor with a store slug to measure');
  return { listing: `/products/${category}`, product: `/product/${product}`, store: `/store/${encodeURIComponent(store)}`, community: '/community' };
}
