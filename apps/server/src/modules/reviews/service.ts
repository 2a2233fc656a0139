import { sql, type SQL } from 'drizzle-orm';
import { MSG, type Review, type ReviewCounts, type ReviewList, type ReviewTarget } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/auth.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isoTime } from '../products/listing.ts';
import { toReview, toReviewedProduct, type ReviewRow } from './serialize.ts';

/**
 * Reviews (shopping §7 Reviews): counts per star, the list, and the author's create, update and delete.
 * One review per person and product (a unique index, so two quick submits cannot make two). Any signed-in
 * person may review any product: the spec does not limit reviews to buyers, so nobody is refused for not having
 * bought; instead each review says whether its author bought the product (`verifiedPurchase`), as marketplaces
 * mark "Verified purchase". A seller may not review their own products.
 */

/** The review columns with the author, on aliases `r` (reviews) and `u` (users). */
const REVIEW_SELECT = sql`r.id, r.product_id, r.rating, r.review, r.user_id, u.firstname, u.lastname,
  ${isoTime(sql`r.created_at`)} as created_at, ${isoTime(sql`r.updated_at`)} as updated_at,
  ${verifiedPurchase(sql`r.user_id`, sql`r.product_id`)} as verified_purchase`;

/**
 * True when `userId` has received `productId`: an order line of it whose vendor's part of the order was
 * delivered. Anything short of that does not count — a cash-on-delivery order is unpaid until it is delivered,
 * and any order may still be cancelled — so placing an order never buys the badge.
 */
function verifiedPurchase(userId: SQL, productId: SQL): SQL {
  return sql`exists (select 1 from order_lines ol
    join orders o on o.id = ol.order_id
    join order_vendor_groups g on g.order_id = ol.order_id and g.vendor_id = ol.vendor_id
    where ol.product_id = ${productId} and o.user_id = ${userId} and g.status = 'delivered')`;
}

type ProductRow = { id: string; name: string; slug: string; images: string[] | null; vendor_id: string };

/** The active product a review is about, or 404 'Product not found'. */
async function activeProduct(db: DbOrTx, productId: string): Promise<ProductRow> {
  const res = await db.execute<ProductRow>(sql`select id, name, slug, images, vendor_id from products where id = ${productId} and is_active`);
  const row = res.rows[0];
  if (!row) throw notFound(MSG.productNotFound);
  return row;
}

/** A review with its author, or undefined. */
async function reviewById(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
  const res = await db.execute<ReviewRow>(sql`select ${REVIEW_SELECT} from reviews r join users u on u.id = r.user_id where r.id = ${id}`);
  return res.rows[0];
}

/** GET reviews/reviewsCount/{productId}: reviews per number of stars, their total and mean (one decimal); hidden ones left out. */
export async function reviewCounts(db: Db, productId: string): Promise<ReviewCounts> {
  await activeProduct(db, productId);
  const res = await db.execute<{ rating: number; n: number }>(
    sql`select rating, count(*)::int as n from reviews where product_id = ${productId} and hidden_at is null group by rating`,
  );
  return summarise(res.rows.map((r) => ({ rating: Number(r.rating), count: Number(r.n) })));
}

/** Counts per star → the reply of reviewsCount. The average is rounded half up to one decimal (4.25 → 4.3). */
export function summarise(rows: { rating: number; count: number }[]): ReviewCounts {
  const counts = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let total = 0;
  let sum = 0;
  for (const { rating, count } of rows) {
    const key = String(rating) as keyof typeof counts;
    if (!(key in counts)) continue;
    counts[key] += count;
    total += count;
    sum += rating * count;
  }
  // sum·10/total is exact at a half (a sum of whole stars over a whole count), so Math.round rounds it up.
  const average = total ? Math.round((sum * 10) / total) / 10 : 0;
  return { counts, total, average };
}

/** GET reviews/{productId}: newest first, paged (page 1, 10 a page by default); reviews an admin hid are left out (ADR 025). */
export async function listReviews(db: Db, productId: string, page: number, pageSize: number): Promise<ReviewList> {
  await activeProduct(db, productId);
  const [rows, total] = await Promise.all([
    db.execute<ReviewRow>(sql`select ${REVIEW_SELECT} from reviews r join users u on u.id = r.user_id
      where r.product_id = ${productId} and r.hidden_at is null
      order by r.created_at desc, r.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from reviews where product_id = ${productId} and hidden_at is null`),
  ]);
  return { reviews: rows.rows.map(toReview), total: Number(total.rows[0]?.n ?? 0), page, pageSize };
}

export interface ReviewInput {
  productId: string;
  rating: number;
  review: string;
}

/** POST reviews: the caller's review of a product; 409 when they already reviewed it. */
export async function createReview(db: Db, caller: AuthUser, input: ReviewInput): Promise<Review> {
  const product = await activeProduct(db, input.productId);
  if (product.vendor_id === caller.id) throw forbidden(MSG.reviewOwnProduct);
  const now = clock.now().toISOString();
  const res = await db.execute<{ id: string }>(sql`insert into reviews (product_id, user_id, rating, review, created_at, updated_at)
    values (${input.productId}, ${caller.id}, ${input.rating}, ${input.review}, ${now}::timestamptz, ${now}::timestamptz)
    on conflict (product_id, user_id) do nothing
    returning id`);
  const id = res.rows[0]?.id;
  if (!id) throw conflict(MSG.reviewExists);
  return toReview((await reviewById(db, id))!);
}

/**
 * PATCH reviews {productId, rating, review}: changes the caller's review of that product (the spec's body).
 * A client that knows the review's id may send it as `_id`: then it must be the caller's (403 otherwise) and be
 * about that product (400).
 */
export async function updateReview(db: Db, caller: AuthUser, input: ReviewInput & { _id?: string }): Promise<Review> {
  let id: string;
  if (input._id) {
    const existing = await reviewById(db, input._id);
    if (!existing) throw notFound(MSG.reviewNotFound);
    if (existing.user_id !== caller.id) throw forbidden(MSG.reviewNotYours);
    if (existing.product_id !== input.productId) throw badRequest(MSG.reviewProductMismatch, { productId: MSG.reviewProductMismatch });
    id = existing.id;
  } else {
    await activeProduct(db, input.productId);
    const res = await db.execute<{ id: string }>(sql`select id from reviews where product_id = ${input.productId} and user_id = ${caller.id}`);
    const found = res.rows[0]?.id;
    if (!found) throw notFound(MSG.reviewNotFound);
    id = found;
  }
  const updated = await db.execute<{ id: string }>(sql`update reviews set rating = ${input.rating}, review = ${input.review}, updated_at = ${clock.now().toISOString()}::timestamptz
    where id = ${id} and user_id = ${caller.id} returning id`);
  // removed between the read and the write
  if (!updated.rows[0]) throw notFound(MSG.reviewNotFound);
  return toReview((await reviewById(db, id))!);
}

/** DELETE reviews/{id}: the author only (403 for anyone else), 404 for an unknown review. */
export async function deleteReview(db: Db, caller: AuthUser, id: string): Promise<void> {
  const res = await db.execute<{ user_id: string }>(sql`select user_id from reviews where id = ${id}`);
  const row = res.rows[0];
  if (!row) throw notFound(MSG.reviewNotFound);
  if (row.user_id !== caller.id) throw forbidden(MSG.reviewNotYours);
  await db.execute(sql`delete from reviews where id = ${id} and user_id = ${caller.id}`);
}

/** GET reviews/mine/{productId} (the write page): the product, and the caller's review of it when there is one. */
export async function myReview(db: Db, caller: AuthUser, productId: string): Promise<ReviewTarget> {
  const product = await activeProduct(db, productId);
  const res = await db.execute<ReviewRow>(sql`select ${REVIEW_SELECT} from reviews r join users u on u.id = r.user_id
    where r.product_id = ${productId} and r.user_id = ${caller.id}`);
  const row = res.rows[0];
  return { product: toReviewedProduct(product), review: row ? toReview(row) : null };
}

/** GET reviews/review/{id} (the update page): the caller's review with its product; another's is 403. */
export async function ownReview(db: Db, caller: AuthUser, id: string): Promise<ReviewTarget> {
  const row = await reviewById(db, id);
  if (!row) throw notFound(MSG.reviewNotFound);
  if (row.user_id !== caller.id) throw forbidden(MSG.reviewNotYours);
  const product = await activeProduct(db, row.product_id);
  return { product: toReviewedProduct(product), review: toReview(row) };
}
