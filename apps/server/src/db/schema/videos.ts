import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { categories, products } from './catalogue.ts';
import { videoJobs } from './media.ts';
import { users } from './users.ts';

/**
 * A video of the watch-and-shop feed (migration 0036, ADR 030). The file is the video pipeline's (video_jobs, by its
 * MP4 URL; deleting the job deletes this row); the feed lists only videos whose job is ready and that are not hidden,
 * in sort order, then newest first. `views` and `cartAdds` are counted by the web (views once per visit).
 */
export const shopVideos = pgTable(
  'shop_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoUrl: text('video_url')
      .notNull()
      .unique()
      .references(() => videoJobs.url, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    isHidden: boolean('is_hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    views: integer('views').notNull().default(0),
    cartAdds: integer('cart_adds').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_videos_feed').on(t.sortOrder, t.createdAt.desc()).where(sql`NOT ${t.isHidden}`)],
);
export type ShopVideoRow = typeof shopVideos.$inferSelect;

/** The products mapped to a video, in carousel order; `highlightMs` is when the product's card comes forward. */
export const shopVideoProducts = pgTable(
  'shop_video_products',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => shopVideos.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    highlightMs: integer('highlight_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.productId] }),
    index('shop_video_products_product').on(t.productId),
    check('shop_video_products_highlight_check', sql`${t.highlightMs} is null or ${t.highlightMs} >= 0`),
  ],
);
