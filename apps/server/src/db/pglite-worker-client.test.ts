import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { categories } from './schema/index.ts';

// The embedded database in a folder runs in a worker thread (what the server and the seed use).
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'statewise-worker-'));
  database = await openDatabase({ dataDir: dir });
  await database.migrate();
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database in a worker thread', () => {
  it('is PGlite behind Drizzle: inserts, selects and raw SQL, times kept as the driver gives them', async () => {
    expect(database.engine).toBe('pglite');
    expect(database.pglite).toBeUndefined();
    const [row] = await database.db.insert(categories).values({ name: 'Sarees', slug: 'sarees-w' }).returning();
    expect(row).toMatchObject({ name: 'Sarees', slug: 'sarees-w', isHidden: false });
    const res = await database.db.execute<{ n: number; at: string; words: string[] }>(
      sql`select count(*)::int as n, now()::timestamptz::text as at, array['a', 'b'] as words from categories where slug = ${'sarees-w'}`,
    );
    expect(res.rows).toEqual([{ n: 1, at: expect.any(String), words: ['a', 'b'] }]);
    const [again] = await database.db.select().from(categories).where(sql`slug = 'sarees-w'`);
    expect(typeof again!.id).toBe('string');
  });

  it('passes database errors on with their code', async () => {
    await database.db.insert(categories).values({ name: 'Kurtas', slug: 'kurtas-w' });
    const err = await database.db
      .insert(categories)
      .values({ name: 'Kurtas again', slug: 'kurtas-w' })
      .then(
        () => null,
        (e: unknown) => e as { code?: string; message: string; cause?: { code?: string } },
      );
    expect(err?.cause?.code ?? err?.code).toBe('23505');
  });

  it('commits a transaction, rolls back one that throws, and a nested one to its savepoint', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Kept', slug: 'kept-w' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Gone', slug: 'gone-w' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Outer', slug: 'outer-w' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(categories).values({ name: 'Inner', slug: 'inner-w' });
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    const slugs = (await database.db.execute<{ slug: string }>(sql`select slug from categories where slug like '%-w' order by slug`)).rows.map((r) => r.slug);
    expect(slugs).toEqual(['kept-w', 'kurtas-w', 'outer-w', 'sarees-w']);
  });

  it('lets a query outside a transaction wait for the transaction to end, seeing what it committed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = database.db.transaction(async (t) => {
      await t.insert(categories).values({ name: 'Late', slug: 'late-w' });
      await gate;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = database.db.execute<{ n: number }>(sql`select count(*)::int as n from categories where slug = 'late-w'`);
    release();
    await tx;
    expect((await outside).rows[0]!.n).toBe(1);
  });

  it('keeps the server’s thread free while a query runs', async () => {
    const started = performance.now();
    let tickAt = 0;
    const tick = new Promise<void>((r) =>
      setTimeout(() => {
        tickAt = performance.now() - started;
        r();
      }, 20),
    );
    await database.db.execute(sql`select pg_sleep(0.4)`);
    const queryMs = performance.now() - started;
    await tick;
    expect(queryMs).toBeGreaterThanOrEqual(390);
    expect(tickAt).toBeLessThan(300);
  });

  it('keeps the data after closing and opening again', async () => {
    await database.close();
    database = await openDatabase({ dataDir: dir });
    const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from categories where slug like '%-w'`);
    expect(res.rows[0]!.n).toBe(5);
  });
});
