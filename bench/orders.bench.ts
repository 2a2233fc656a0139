/**
 * Orders per second under contention on ONE product, with the stock checked to the unit afterwards.
 *
 * A real server process on a fresh embedded database (and on PostgreSQL too when BENCH_DATABASE_URL is set, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres — a throwaway database is created there and dropped after).
 * Buyers place cash-on-delivery buy-now orders (no gateway) of 1–3 pieces of the same size of the same product,
 * BENCH_CONCURRENCY at a time, until BENCH_ORDERS have been tried; by default they ask for more than the
 * BENCH_UNITS in stock, so the run also crosses the sold-out edge. Then the server stops and the database is read:
 *
 *   units sold (Σ order lines) + stock left = initial stock,  sales_count = units sold,  0 × 5xx
 *
 * Usage: npx tsx bench/orders.bench.ts
 * Settings: BENCH_ORDERS (6000), BENCH_CONCURRENCY (32), BENCH_UNITS (10000), BENCH_PORT (3210), BENCH_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ORDER } from '@statewise/contract';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { categories, products, productSizes, users, vendors } from '../apps/server/src/db/schema/index.ts';
import { createSession } from '../apps/server/src/lib/auth.ts';
import { stopServer, waitForServer } from './lib/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 6000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const UNITS = Number(process.env.BENCH_UNITS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3210);

interface Prepared {
  productId: string;
  tokens: string[];
}

/**
 * Buyers: each may have ORDER.maxOpenCodOrders cash-on-delivery orders on their way (issue 9), so every buyer
 * places that many and the next order goes to the next buyer.
 */
const BUYERS = Math.ceil(ORDERS / ORDER.maxOpenCodOrders);

/** The product (one size, UNITS pieces) and BUYERS signed-in buyers. */
async function prepare(database: Database, dataDir: string): Promise<Prepared> {
  await database.migrate();
  const db = database.db;
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
  const tag = randomBytes(3).toString('hex');
  const [vendorUser] = await db.insert(users).values({ role: 'vendor', firstname: 'Bench', lastname: 'Vendor', mobile: '9100000000' }).returning();
  await db.insert(vendors).values({ userId: vendorUser!.id, brandName: 'Bench Looms', sellerName: 'Bench Vendor', slug: `bench-looms-${tag}`, pickupPincode: '302001' });
  const [category] = await db.insert(categories).values({ name: 'Sarees', slug: `sarees-${tag}`, hsnCode: '5007', gstRate: 5 }).returning();
  const [product] = await db
    .insert(products)
    .values({ slug: `bench-saree-${tag}`, name: 'Bench Bandhani Saree', price: 2400, offeredPrice: 1800, discount: 25, categoryId: category!.id, vendorId: vendorUser!.id })
    .returning();
  await db.insert(productSizes).values({ productId: product!.id, size: 'm', quantity: UNITS });
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const [buyer] = await db
      .insert(users)
      .values({ role: 'user', firstname: 'Buyer', lastname: String(i), mobile: `92${String(i).padStart(8, '0')}`, mobileVerified: true })
      .returning();
    tokens.push((await createSession({ db, config }, buyer!.id)).accessToken);
  }
  return { productId: product!.id, tokens };
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${PORT}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

function prng(seed: number) {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

interface Result {
  status: number;
  ms: number;
  quantity: number;
}

async function load(prepared: Prepared): Promise<{ results: Result[]; seconds: number }> {
  const random = prng(20240917);
  const quantities = Array.from({ length: ORDERS }, () => 1 + Math.floor(random() * 3));
  const results: Result[] = [];
  let next = 0;
  const address = { firstName: 'Bench', lastName: 'Buyer', streetAddress: '1 MI Road', mobile: '9876543210', pincode: '302001' };
  const worker = async () => {
    while (next < ORDERS) {
      const index = next++;
      const quantity = quantities[index]!;
      const token = prepared.tokens[Math.floor(index / ORDER.maxOpenCodOrders)]!;
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/api/order/create/buyNow`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ address, paymentMode: 'cod', productId: prepared.productId, size: 'm', quantity, isWalletUse: 'false' }),
      });
      await res.arrayBuffer();
      results.push({ status: res.status, ms: performance.now() - started, quantity });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { results, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

async function check(database: Database, productId: string) {
  const res = await database.db.execute<{ sold: number; left: number; sales: number; orders: number }>(sql`select
      (select coalesce(sum(quantity), 0)::int from order_lines where product_id = ${productId}) as sold,
      (select quantity from product_sizes where product_id = ${productId} and size = 'm') as left,
      (select sales_count from products where id = ${productId}) as sales,
      (select count(*)::int from orders) as orders`);
  const row = res.rows[0]!;
  return { sold: Number(row.sold), left: Number(row.left), sales: Number(row.sales), orders: Number(row.orders) };
}

async function run(engine: 'pglite' | 'postgres'): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'statewise-bench-orders-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    const name = `statewise_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(process.env.BENCH_DATABASE_URL!);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    let database = await open();
    const prepared = await prepare(database, dataDir);
    await database.close();

    const server = startServer({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    let outcome: Awaited<ReturnType<typeof load>>;
    try {
      await waitForServer(server, PORT, 120_000);
      // a short warm-up on another size would change the stock picture; warm the route with a refused call instead
      await fetch(`http://127.0.0.1:${PORT}/api/order/create/buyNow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      outcome = await load(prepared);
    } finally {
      await stopServer(server);
    }

    database = await open();
    const stock = await check(database, prepared.productId);
    await database.close();

    const { results, seconds } = outcome;
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    const errors = results.filter((r) => r.status >= 500);
    const other = results.filter((r) => r.status !== 201 && r.status !== 409 && r.status < 500);
    const okMs = placed.map((r) => r.ms).sort((a, b) => a - b);
    const allMs = results.map((r) => r.ms).sort((a, b) => a - b);
    const soldByResponses = placed.reduce((n, r) => n + r.quantity, 0);
    const exact = stock.sold + stock.left === UNITS && stock.sales === stock.sold && soldByResponses === stock.sold && stock.orders === placed.length;

    const lines = [
      `orders bench · ${engine} · ${CONCURRENCY} concurrent buyers · ${ORDERS} buy-now orders (cod, 1–3 pieces) on one product size with ${UNITS} units`,
      `  placed ${placed.length} orders in ${seconds.toFixed(2)} s → ${(placed.length / seconds).toFixed(0)} orders/s (${(results.length / seconds).toFixed(0)} requests/s)`,
      `  latency of placed orders: p50 ${percentile(okMs, 50).toFixed(1)} ms · p99 ${percentile(okMs, 99).toFixed(1)} ms   (all requests: p50 ${percentile(allMs, 50).toFixed(1)} ms · p99 ${percentile(allMs, 99).toFixed(1)} ms)`,
      `  answers: ${placed.length} × 201, ${refused.length} × 409 sold out, ${errors.length} × 5xx${other.length ? `, ${other.length} × other (${[...new Set(other.map((r) => r.status))].join(', ')})` : ''}`,
      `  stock check: sold ${stock.sold} + left ${stock.left} = ${stock.sold + stock.left} (initial ${UNITS}); sales_count ${stock.sales}; pieces in 201 answers ${soldByResponses} → ${exact ? 'EXACT' : 'MISMATCH'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n\n`);
    return exact && errors.length === 0 && other.length === 0;
  } finally {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = await run('pglite');
if (process.env.BENCH_DATABASE_URL) ok = (await run('postgres')) && ok;
process.exit(ok ? 0 : 1);
