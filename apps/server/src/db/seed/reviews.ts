import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { reviews, users } from '../schema/index.ts';
import { bulkInsert } from './bulk.ts';
import { REVIEW_NOUNS, REVIEW_TEXTS, SHOPPER_FIRST_NAMES, SHOPPER_LAST_NAMES } from './data/reviews.ts';
import { rng, seedUuid } from './random.ts';
import { SEED_REFERENCE_TIME } from './reference.ts';

/** Demo shoppers who wrote the seeded reviews; mobiles 80000000NN cannot collide with sign-ups' real numbers. */
export const DEMO_SHOPPERS = 40;
/** Products with reviews: the best sellers, where a shopper would expect to read some. */
const REVIEWED_PRODUCTS = 300;
const DAY_MS = 86_400_000;

/**
 * Reviews from demo shoppers on the best-selling products, so product pages read like a marketplace people use:
 * more reviews on better sellers, mostly four and five stars. Deterministic like the rest of the seed (ties in
 * sales broken by id, a random stream per product). The shoppers have no password: they exist to have written.
 */
export async function seedReviews(db: DbOrTx): Promise<number> {
  const shopperIds = Array.from({ length: DEMO_SHOPPERS }, (_, i) => seedUuid(`shopper:${i}`));
  await bulkInsert(
    db,
    users,
    shopperIds.map((id, i) => ({
      id,
      role: 'user' as const,
      firstname: SHOPPER_FIRST_NAMES[i % SHOPPER_FIRST_NAMES.length]!,
      lastname: SHOPPER_LAST_NAMES[(i * 7) % SHOPPER_LAST_NAMES.length]!,
      mobile: `80000000${String(i).padStart(2, '0')}`,
      email: `shopper${String(i).padStart(2, '0')}@statewise.test`,
      mobileVerified: true,
      emailVerified: true,
      createdAt: new Date(SEED_REFERENCE_TIME - 400 * DAY_MS),
    })),
  );

  const top = await db.execute<{ id: string; sales: number; created: string; category: string; style: string | null }>(sql`
    select p.id, p.sales_count as sales, p.created_at::text as created, c.slug as category, s.name as style
    from products p join categories c on c.id = p.category_id left join styles s on s.id = p.style_id
    where p.is_active
    order by p.sales_count desc, p.id
    limit ${REVIEWED_PRODUCTS}`);

  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const p of top.rows) {
    const r = rng(`reviews:${p.id}`);
    const count = Math.min(DEMO_SHOPPERS, Math.max(1, Math.round(Math.log2(Number(p.sales) + 1)) - r.int(0, 3)));
    const since = Math.max(new Date(p.created).getTime(), SEED_REFERENCE_TIME - 300 * DAY_MS);
    for (const userId of r.sample(shopperIds, count)) {
      const rating = r.weighted([5, 4, 3, 2, 1] as const, (s) => ({ 5: 50, 4: 30, 3: 12, 2: 5, 1: 3 })[s]);
      const text = r
        .pick(REVIEW_TEXTS[rating])
        .replaceAll('{noun}', REVIEW_NOUNS[p.category] ?? 'product')
        .replaceAll('{style}', p.style ?? 'craft');
      const at = new Date(since + Math.floor(r.next() * Math.max(DAY_MS, SEED_REFERENCE_TIME - since)));
      rows.push({ id: seedUuid(`review:${p.id}:${userId}`), productId: p.id, userId, rating, review: text, createdAt: at, updatedAt: at });
    }
  }
  await bulkInsert(db, reviews, rows);
  return rows.length;
}
