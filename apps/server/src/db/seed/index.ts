import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { seedDemo, type SeedOptions } from './demo.ts';

export { seedDemo, type SeedOptions, type SeedSummary } from './demo.ts';
export { DEFAULT_DEMO_PRODUCTS } from './products.ts';

/**
 * Seeds the demo marketplace into an empty database; returns false when data is already there. Two servers
 * starting at once on the same PostgreSQL database take turns (an advisory lock), so only one of them seeds.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statewise:seed'))`);
    const res = await tx.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    if (Number(res.rows[0]?.n ?? 0) > 0) return false;
    await seedDemo(tx, opts);
    return true;
  });
}
