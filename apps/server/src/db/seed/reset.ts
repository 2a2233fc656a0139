import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

/**
 * The tables the demo seed fills. `resetDemoData` empties them with CASCADE, so whatever refers to them
 * (sessions, carts, orders… of later features) goes too, and the seed can start again from nothing.
 * catalogue_version is kept (the truncate bumps it, so caches drop what they hold).
 */
export const SEEDED_TABLES = [
  'users',
  'vendors',
  'categories',
  'subcategories',
  'styles',
  'states',
  'festive_offers',
  'products',
  'product_sizes',
  'product_colors',
  'product_festive_offers',
  'banners',
  'crazy_deals',
  'subcategory_cards',
  'vendor_section',
] as const;

export async function resetDemoData(db: DbOrTx): Promise<void> {
  await db.execute(sql.raw(`truncate table ${SEEDED_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
}

/** Rows already in the tables the seed fills (0 for a fresh database). */
export async function existingData(db: DbOrTx): Promise<{ users: number; products: number; categories: number }> {
  const res = await db.execute<{ users: number; products: number; categories: number }>(
    sql`select (select count(*) from users)::int as users, (select count(*) from products)::int as products, (select count(*) from categories)::int as categories`,
  );
  const row = res.rows[0];
  return { users: Number(row?.users ?? 0), products: Number(row?.products ?? 0), categories: Number(row?.categories ?? 0) };
}
