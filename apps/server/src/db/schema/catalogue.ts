import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A text-search document; only the database writes it (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const sizeEnum = pgEnum('size', ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl']);

/** A vendor's storefront and business details; one per vendor user. */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull().default(''),
    sellerName: text('seller_name').notNull(),
    slug: text('slug').notNull(),
    bio: text('bio').notNull().default(''),
    banner: text('banner').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    policyHtml: text('policy_html').notNull().default(''),
    sizeChart: text('size_chart').notNull().default(''),
    /** Where parcels are picked up; the delivery estimate measures from here. */
    pickupPincode: text('pickup_pincode').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    gstin: text('gstin'),
    /** 1 awaiting approval, 2 approved (accounts spec §3, seller record). */
    registrationStep: integer('registration_step').notNull().default(2),
    /** Set while an admin has suspended the store (ADR 025): its products are held off the site. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    suspendedBy: uuid('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'admin' (suspended on its own) or 'account_blocked' (with the account; unblocking restores it). */
    suspensionCause: text('suspension_cause', { enum: ['admin', 'account_blocked'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendors_user').on(t.userId),
    uniqueIndex('vendors_slug').on(t.slug),
    check('vendors_suspension_cause', sql`${t.suspensionCause} is null or ${t.suspensionCause} in ('admin', 'account_blocked')`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Hidden categories (Combo) never appear in category lists. */
    isHidden: boolean('is_hidden').notNull().default(false),
    hsnCode: text('hsn_code'),
    /** GST rate in percent used on invoices for this category's goods. */
    gstRate: integer('gst_rate').notNull().default(5),
    /**
     * The marketplace's commission on this category's goods, percent (0–50, two decimals; an admin sets it). Order
     * lines keep the rate of the day (order_lines.commission_percent); see ADR 017. Drizzle reads numeric as a string.
     */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('10'),
  },
  (t) => [uniqueIndex('categories_slug').on(t.slug), check('categories_commission_percent', sql`${t.commissionPercent} between 0 and 50`)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Hidden by an admin: left out of the public lists (migration 0029). */
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('subcategories_category_slug').on(t.categoryId, t.slug)],
);

export const styles = pgTable(
  'styles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Hidden by an admin: left out of the public lists (migration 0029). */
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('styles_slug').on(t.slug)],
);

/** States and union territories (the "regions"). */
export const states = pgTable(
  'states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    video: text('video'),
    slogan: text('slogan').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Hidden by an admin: left out of the public lists (migration 0029). */
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('states_slug').on(t.slug), uniqueIndex('states_name').on(t.name)],
);

export const festiveOffers = pgTable(
  'festive_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('festive_offers_slug').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** List price and offered price in whole rupees, inclusive of taxes. */
    price: integer('price').notNull(),
    offeredPrice: integer('offered_price').notNull(),
    discount: integer('discount').notNull().default(0),
    isFreeSize: boolean('is_free_size').notNull().default(false),
    freeSizeQty: integer('free_size_qty').notNull().default(0),
    isColorOptions: boolean('is_color_options').notNull().default(false),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id),
    styleId: uuid('style_id').references(() => styles.id),
    stateId: uuid('state_id').references(() => states.id),
    /** The vendor's user id (spec: product.vendorId). */
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id),
    metaDescription: text('meta_description').notNull().default(''),
    metaKeywords: text('meta_keywords').array().notNull().default(sql`'{}'::text[]`),
    hsnCode: text('hsn_code'),
    isTrending: boolean('is_trending').notNull().default(false),
    salesCount: integer('sales_count').notNull().default(0),
    /** Any free-size, colour or size quantity left; kept by triggers wherever stock moves (migration 0020). */
    inStock: boolean('in_stock').notNull().default(false),
    /** The number of reviews and the sum of their ratings, kept by triggers on reviews (the card's average). */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    /** Name, keywords, style, state and category words, for full-text search. */
    searchText: text('search_text').notNull().default(''),
    /** What full-text search matches and ranks: the name (weight A) and search_text (weight B), kept by the database. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', search_text), 'B')`,
    ),
    isActive: boolean('is_active').notNull().default(true),
    /** Published by its vendor but off the site while the store is suspended (migration 0031, ADR 025). */
    heldBySuspension: boolean('held_by_suspension').notNull().default(false),
    /** Set when its vendor deleted it (migration 0022): unpublished for good, kept for order history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug').on(t.slug),
    // Listings show available products first (in_stock desc), then the requested order.
    index('products_created').on(t.inStock.desc(), t.createdAt.desc(), t.id),
    index('products_category_created').on(t.categoryId, t.inStock.desc(), t.createdAt.desc()),
    index('products_subcategory_created').on(t.subcategoryId, t.inStock.desc(), t.createdAt.desc()),
    index('products_style_created').on(t.styleId, t.inStock.desc(), t.createdAt.desc()),
    index('products_state_created').on(t.stateId, t.inStock.desc(), t.createdAt.desc()),
    index('products_vendor_created').on(t.vendorId, t.inStock.desc(), t.createdAt.desc()),
    index('products_offered_price').on(t.offeredPrice),
    index('products_in_stock_price').on(t.inStock.desc(), t.offeredPrice),
    // A backward scan would put sold-out products first: the descending price and oldest-first orders get their own.
    index('products_in_stock_price_desc').on(t.inStock.desc(), t.offeredPrice.desc()),
    index('products_oldest').on(t.inStock.desc(), t.createdAt.asc().nullsFirst(), t.id.desc()),
    index('products_sales').on(t.inStock.desc(), t.salesCount.desc()),
    index('products_trending_created').on(t.inStock.desc(), t.createdAt.desc()).where(sql`${t.isTrending}`),
    index('products_search').using('gin', t.searchVector),
    index('products_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    /** Search suggestions: names starting with the typed text, in name order. */
    index('products_name_prefix').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    /**
     * Listing counts read this index alone (every column a listing filters on, and the id for the size filter),
     * never the wide table: 5–20× faster at 100,000 products on PGlite (ADR 002). Leading with the category
     * serves category pages directly; other filters scan it whole, which is still small.
     */
    index('products_listing_counts')
      .on(t.categoryId, t.subcategoryId, t.styleId, t.stateId, t.offeredPrice, t.discount, t.isTrending, t.salesCount, t.vendorId, t.id)
      .where(sql`${t.isActive}`),
    index('products_vendor_console').on(t.vendorId, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('products_vendor_status').on(t.vendorId, t.isActive, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('products_slug_trgm').using('gin', sql`${t.slug} gin_trgm_ops`),
    index('products_vendor_stock').on(t.vendorId, t.isFreeSize, t.isColorOptions, t.freeSizeQty, t.name, t.id),
    index('products_held_by_suspension').on(t.vendorId).where(sql`${t.heldBySuspension}`),
    // Also products_sitemap (migration 0042): btree (id) INCLUDE (slug, updated_at) WHERE is_active, which the
    // sitemaps read alone. Drizzle cannot declare INCLUDE columns, so it lives in the migration only.
    check('products_prices_positive', sql`${t.price} > 0 and ${t.offeredPrice} > 0 and ${t.offeredPrice} <= ${t.price}`),
    check('products_discount_range', sql`${t.discount} between 0 and 100`),
    check('products_free_size_qty', sql`${t.freeSizeQty} >= 0`),
  ],
);
export type ProductRow = typeof products.$inferSelect;

/**
 * Every distinct word (letters only, 3 to 40 long, lowercase) of the products' search text: search corrects a
 * mistyped word to its nearest words here by trigram similarity. Filled by a trigger on products.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Stock per size of a sized product. Quantities never go below zero. */
export const productSizes = pgTable(
  'product_sizes',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: sizeEnum('size').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    index('product_sizes_in_stock').on(t.size, t.productId).where(sql`${t.quantity} > 0`),
    index('product_sizes_product_quantity').on(t.productId, t.quantity, t.size),
    check('product_sizes_quantity', sql`${t.quantity} >= 0`),
  ],
);

/** Stock and pictures per colour of a colour product. */
export const productColors = pgTable(
  'product_colors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull().default(0),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_colors_product_color').on(t.productId, t.color), check('product_colors_quantity', sql`${t.quantity} >= 0`)],
);

export const productFestiveOffers = pgTable(
  'product_festive_offers',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    festiveOfferId: uuid('festive_offer_id')
      .notNull()
      .references(() => festiveOffers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.festiveOfferId] }), index('product_festive_offer').on(t.festiveOfferId, t.productId)],
);

/** Home and community carousels. */
export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  placement: text('placement', { enum: ['home', 'community'] }).notNull(),
  title: text('title').notNull().default(''),
  image: text('image').notNull(),
  mobileImage: text('mobile_image').notNull(),
  link: text('link').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Hidden by an admin: left out of the carousel (migration 0029). */
  isHidden: boolean('is_hidden').notNull().default(false),
});

export const crazyDeals = pgTable('crazy_deals', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull(),
  discount: integer('discount').notNull().default(0),
  link: text('link').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Hidden by an admin: left off the home page (migration 0029). */
  isHidden: boolean('is_hidden').notNull().default(false),
});

export const subcategoryCards = pgTable('subcategory_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  subcategoryId: uuid('subcategory_id')
    .notNull()
    .references(() => subcategories.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  image: text('image').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Hidden by an admin: left off the home page (migration 0029). */
  isHidden: boolean('is_hidden').notNull().default(false),
});

/** The home page's featured vendors. */
export const vendorSection = pgTable('vendor_section', {
  id: uuid('id').primaryKey().defaultRandom(),
  vendorUserId: uuid('vendor_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: text('image').notNull(),
  place: text('place').notNull().default(''),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Hidden by an admin: left off the home page (migration 0029). */
  isHidden: boolean('is_hidden').notNull().default(false),
});

/**
 * Bumped by triggers on catalogue writes; the read cache keys on it (DESIGN.md, Performance budgets; ADR 002).
 * Row 1 is the catalogue version (anything listings show or filter on), row 2 the stock version (stock
 * quantities, availability, sales counts and reviews; each bump logs its products in stock_changes).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(1),
});

/**
 * Which products a stock-version bump touched (written by triggers only), so each server's read cache drops
 * just the answers that show them. `availability`: the product, one of its sizes or colours came into or went out
 * of stock (listing cards and the size filter change). Only the latest 10,000 versions are kept.
 */
export const stockChanges = pgTable(
  'stock_changes',
  {
    version: integer('version').notNull(),
    productId: uuid('product_id').notNull(),
    availability: boolean('availability').notNull(),
    /** The product as a whole came into or went out of stock: every listing it can be in orders on that. */
    ordering: boolean('ordering').notNull().default(false),
    /** What its card shows besides availability changed (the rating). */
    card: boolean('card').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.version, t.productId] })],
);
