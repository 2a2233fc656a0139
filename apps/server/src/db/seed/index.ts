import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { seedDemo, type SeedOptions } from './demo.ts';

/** Seeds the demo marketplace into an empty database; returns false when data is already there. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if (Number(res.rows[0]?.n ?? 0) > 0) return false;
  await seedDemo(db, opts);
  return true;
}
