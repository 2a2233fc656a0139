import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Planner statistics. PostgreSQL's autovacuum analyses tables as they fill, but PGlite runs no background
 * workers, so a freshly seeded embedded database would plan every query blind (listing counts and searches
 * were 3–10× slower without statistics at 100,000 products). VACUUM also marks the pages all-visible, which
 * lets counts and suggestions read indexes without visiting the table.
 */

/** VACUUM ANALYZE the whole database, after a bulk load (the seed). Not inside a transaction. */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}

/**
 * ANALYZE when the catalogue has rows but was never analysed (a database seeded or filled by an older version,
 * or by hand). Cheap to ask: the statistics view has no rows for a table that was never analysed.
 * Returns whether it ran.
 */
export async function analyzeIfNeverAnalyzed(db: Db): Promise<boolean> {
  const res = await db.execute<{ needed: boolean }>(sql`select exists (select 1 from products)
    and not exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'products') as needed`);
  if (!res.rows[0]?.needed) return false;
  await db.execute(sql`analyze`);
  return true;
}
