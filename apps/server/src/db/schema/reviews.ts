import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { users } from './users.ts';

/**
 * A shopper's review of a product (shopping §3 Review): a 1–5 star rating and a comment. One per person and
 * product; the author may change or remove it. Rows of deleted accounts stay (the account is anonymised to
 * "Deleted user"), so a product's counts do not move when someone leaves.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    review: text('review').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user').on(t.productId, t.userId),
    /** A product's reviews newest first, and its counts per star. */
    index('reviews_product_created').on(t.productId, t.createdAt.desc(), t.id),
    index('reviews_user').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_review_length', sql`char_length(${t.review}) between 1 and 2000`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
