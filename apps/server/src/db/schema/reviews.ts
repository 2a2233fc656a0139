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
    /** Hidden by an admin after a vendor's report (ADR 025): off the product page and out of its rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
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

/** A vendor's report of a review of its own product, for the admin's moderation inbox (ADR 025); one per review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'kept', 'hidden'] }).notNull().default('open'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_reports_review').on(t.reviewId),
    index('review_reports_queue').on(t.status, t.createdAt),
    check('review_reports_status', sql`${t.status} in ('open', 'kept', 'hidden')`),
    check('review_reports_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);
export type ReviewReportRow = typeof reviewReports.$inferSelect;
