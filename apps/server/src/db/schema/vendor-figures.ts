import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { orderStatusEnum } from './orders.ts';

/**
 * The vendor console's figures, kept by database triggers whoever writes (migration 0039, ADR 033): read, never
 * written, by the services. Each equals a recount of the rows it sums (the tests check it after orders are placed,
 * moved, cancelled and refunded).
 */

/** A vendor's parts by status, of orders not awaiting payment. */
export const vendorPartCounts = pgTable(
  'vendor_part_counts',
  {
    vendorId: uuid('vendor_id').notNull(),
    status: orderStatusEnum('status').notNull(),
    parts: integer('parts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.status], name: 'vendor_part_counts_pkey' })],
);

/** A vendor's parts paid (or cash on delivery) and not cancelled, and their sales, by the India day the order was placed. */
export const vendorDailySales = pgTable(
  'vendor_daily_sales',
  {
    vendorId: uuid('vendor_id').notNull(),
    day: date('day').notNull(),
    orders: integer('orders').notNull().default(0),
    sales: bigint('sales', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day], name: 'vendor_daily_sales_pkey' })],
);

/** A vendor's live (not deleted) products, published (or held by a suspension) or not. */
export const vendorProductCounts = pgTable('vendor_product_counts', {
  vendorId: uuid('vendor_id').primaryKey(),
  published: integer('published').notNull().default(0),
  unpublished: integer('unpublished').notNull().default(0),
});

/** Live products whose lowest stock entry is at most 3 (LOW_STOCK.max), with that quantity. */
export const productLowStock = pgTable(
  'product_low_stock',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id').notNull(),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [index('product_low_stock_vendor').on(t.vendorId, t.qty, t.name, t.productId)],
);

/**
 * The version of a vendor's order answers (migration 0040, ADR 037): bumped by every write to the vendor's parts,
 * their lines and what the list shows of their orders; the console's in-memory answers are valid while it holds.
 */
export const vendorConsoleVersions = pgTable('vendor_console_versions', {
  vendorId: uuid('vendor_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
