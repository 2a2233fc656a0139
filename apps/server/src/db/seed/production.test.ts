import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { createTestDatabase, testEngine } from '../../test/db.ts';
import { serverProcess, type ServerProcess } from '../../test/processes.ts';
import { PRODUCTION_ENV } from '../../test/production-env.ts';
import type { Database, Db } from '../client.ts';
import { DEMO_ACCOUNTS, liveDemoAccounts } from './accounts.ts';
import { CATEGORIES } from './data/catalogue.ts';
import { STATES } from './data/states.ts';
import { STYLES } from './data/styles.ts';
import { seedDemo, seedIfEmpty, seedModeFor } from './index.ts';

/** NODE_ENV=production holds no demo data (ADR 044): reference data only, no account, no store, no product. */

const DEMO_CONTENT_TABLES = [
  'users', 'vendors', 'products', 'festive_offers', 'banners', 'crazy_deals', 'subcategory_cards', 'vendor_section',
  'reviews', 'community_posts', 'community_comments', 'shop_videos', 'video_jobs', 'wallet_transactions',
] as const;

const counts = async (db: Db, tables: readonly string[]) => {
  const res = await db.execute<Record<string, number>>(sql.raw(`select ${tables.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')}`));
  return Object.fromEntries(Object.entries(res.rows[0]!).map(([k, v]) => [k, Number(v)]));
};
const zeros = (tables: readonly string[]) => Object.fromEntries(tables.map((t) => [t, 0]));
const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

describe('the seed of a production start', () => {
  let s: TestServer;
  const progress: string[] = [];
  let seeded: boolean;
  beforeAll(async () => {
    s = await createTestServer(PRODUCTION_ENV);
    seeded = await seedIfEmpty(s.db, { mode: seedModeFor(s.config), onProgress: (m) => progress.push(m) });
  });
  afterAll(() => s.close());

  it('is the production seed for NODE_ENV=production', () => {
    expect(seedModeFor(s.config)).toBe('production');
    expect(seeded).toBe(true);
  });

  it('creates no account, no store, no product and no other demo content', async () => {
    expect(await counts(s.db, DEMO_CONTENT_TABLES)).toEqual(zeros(DEMO_CONTENT_TABLES));
    const products = await s.app.inject({ method: 'POST', url: '/api/product/list', payload: {} });
    expect(products.json().data).toEqual({ products: [], total: 0 });
  });

  it('does not let anyone in with the demo admin and the password printed in the README', async () => {
    for (const payload of [
      { type: 'mobile', mobile: demoAdmin.mobile, password: demoAdmin.password },
      { type: 'email', email: demoAdmin.email, password: demoAdmin.password },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/password-login', payload, remoteAddress: '198.51.100.7' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).not.toHaveProperty('data');
    }
  });

  it('loads the reference data: every state and union territory, the categories with their subcategories, the styles', async () => {
    expect(await counts(s.db, ['states', 'categories', 'subcategories', 'styles'])).toEqual({
      states: STATES.length,
      // and the hidden Combo category that chat offers use
      categories: CATEGORIES.length + 1,
      subcategories: CATEGORIES.reduce((n, c) => n + c.subcategories.length, 0),
      styles: STYLES.length,
    });
    const states = await s.app.inject({ method: 'POST', url: '/api/state/list', payload: {} });
    expect(states.json().data).toHaveLength(36);
    expect(progress).toEqual([
      'Loading the states and union territories (36)',
      `Loading the categories (${CATEGORIES.length}) and their subcategories`,
      `Loading the styles (${STYLES.length})`,
    ]);
  });

  it('loads it once: a later start puts back nothing an admin deleted or renamed', async () => {
    await s.db.execute(sql`delete from styles`);
    await s.db.execute(sql`update categories set name = 'Sarees & more' where slug = 'sarees'`);
    expect(await seedIfEmpty(s.db, { mode: 'production' })).toBe(false);
    expect(await counts(s.db, ['styles', 'users', 'products'])).toEqual({ styles: 0, users: 0, products: 0 });
    const [row] = (await s.db.execute<{ name: string }>(sql`select name from categories where slug = 'sarees'`)).rows;
    expect(row?.name).toBe('Sarees & more');
  });

  it('is not mistaken for an empty demo database afterwards: demo mode adds nothing to it', async () => {
    expect(await seedIfEmpty(s.db, { mode: 'demo', products: 10 })).toBe(false);
    expect(await counts(s.db, ['users', 'products'])).toEqual({ users: 0, products: 0 });
  });
});

describe('a database that was a demo', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { products: 0 });
  }, 60_000);
  afterAll(() => database?.close());

  it('is recognised by its demo accounts that still open with the published password', async () => {
    expect(await liveDemoAccounts(database.db)).toEqual(DEMO_ACCOUNTS.map((a) => a.mobile));
  });

  it('is no longer recognised once those passwords are changed or the accounts deleted', async () => {
    await database.db.execute(sql`update users set password_hash = null where mobile = ${DEMO_ACCOUNTS[0].mobile}`);
    await database.db.execute(sql`update users set deleted_at = now() where mobile = ${DEMO_ACCOUNTS[1].mobile}`);
    expect(await liveDemoAccounts(database.db)).toEqual([DEMO_ACCOUNTS[2].mobile]);
  });
});

// The real server process (main.ts) with NODE_ENV=production on an empty embedded database; one engine is enough.
describe.skipIf(testEngine !== 'pglite')('a production server started on an empty database', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await serverProcess({ ...PRODUCTION_ENV }, 240_000);
    await server.start();
  }, 300_000);
  afterAll(() => server?.dispose());

  const post = (url: string, body: object) =>
    fetch(`${server.url}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = async (url: string, body: object) => ((await (await post(url, body)).json()) as { data: unknown }).data;

  it('refuses the demo admin with the published password', async () => {
    const res = await post('/auth/password-login', { type: 'mobile', mobile: demoAdmin.mobile, password: demoAdmin.password });
    expect(res.status).toBe(401);
  });

  it('offers no product and no store, but every state', async () => {
    expect(await data('/product/list', {})).toEqual({ products: [], total: 0 });
    expect(await data('/state/list', {})).toHaveLength(36);
  });

  it('does not serve the API docs', async () => {
    expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(404);
  });
});
