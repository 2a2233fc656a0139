import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { seedDemo, type SeedOptions } from './demo.ts';
import { seedReferenceData } from './reference.ts';

export { seedDemo, type SeedOptions, type SeedSummary } from './demo.ts';
export { DEFAULT_DEMO_PRODUCTS } from './products.ts';
export { REFERENCE_TABLES, seedReferenceData } from './reference.ts';

/**
 * What a start may put into the database (ADR 044). `demo`: the whole demo marketplace, with the demo accounts and
 * their published password. `production`: reference data only (states and union territories, categories with their
 * subcategories, HSN and GST, styles): never an account, a store, a product or any other demo content.
 */
export type SeedMode = 'demo' | 'production';

/** The one place that maps the settings to a seed mode: only demo mode ever gets demo data. */
export const seedModeFor = (config: { demoMode: boolean }): SeedMode => (config.demoMode ? 'demo' : 'production');

/**
 * Seeds what `mode` allows into a database that lacks it; returns false when there was nothing to add. Demo mode
 * seeds the demo marketplace into a database without accounts; production mode fills each empty reference table
 * and nothing else, whatever else the database holds. Two servers starting at once on the same PostgreSQL database
 * take turns (an advisory lock), so only one of them seeds.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions & { mode: SeedMode }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statewise:seed'))`);
    if (opts.mode === 'production') return (await seedReferenceData(tx, opts.onProgress)) > 0;
    const res = await tx.execute<{ users: number; states: number }>(
      sql`select (select count(*) from users)::int as users, (select count(*) from states)::int as states`,
    );
    const row = res.rows[0];
    // A database that a production start has filled with reference data is not empty: the demo would collide with it.
    if (Number(row?.users ?? 0) > 0 || Number(row?.states ?? 0) > 0) return false;
    await seedDemo(tx, opts);
    return true;
  });
}
