import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, sizeEnum } from './catalogue.ts';
import { users } from './users.ts';

/**
 * A signed-in shopper's cart: one line per product + size (sized), product + colour (colour products) or
 * product (free size). Prices are never stored: every read takes them from the catalogue.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Sized products only. */
    size: sizeEnum('size'),
    /** Colour products only: the colour's name as product_colors has it. */
    color: text('color'),
    quantity: integer('quantity').notNull(),
    /** The picture the shopper chose (the colour's for colour products). */
    image: text('image').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The line key; NULLS NOT DISTINCT so a free-size line (both null) is one line too. Adds upsert on it.
    unique('cart_lines_line').on(t.userId, t.productId, t.size, t.color).nullsNotDistinct(),
    index('cart_lines_product').on(t.productId),
    check('cart_lines_quantity', sql`${t.quantity} between 1 and 10`),
    check('cart_lines_one_variant', sql`${t.size} is null or ${t.color} is null`),
  ],
);
export type CartLineRow = typeof cartLines.$inferSelect;

/** Products a signed-in shopper saved; one entry per product (colour products keep the colour and picture). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color'),
    image: text('image').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product').on(t.userId, t.productId), index('wishlist_items_product').on(t.productId)],
);
