/**
 * Small factories for tests: each creates one row (or a product with its stock) with believable defaults and
 * returns it. Pass overrides for what the test is about; names and slugs are unique per call.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Size } from '@statewise/contract';
import type { DbOrTx } from '../db/client.ts';
import {
  banners,
  categories,
  crazyDeals,
  festiveOffers,
  productColors,
  productFestiveOffers,
  products,
  productSizes,
  states,
  styles,
  subcategories,
  subcategoryCards,
  users,
  vendors,
  vendorSection,
  type UserRow,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { buildSearchText } from '../modules/products/search-text.ts';

let counter = 0;
/** A short unique token for names and slugs. */
export function unique(): string {
  counter += 1;
  return `${counter}${randomBytes(3).toString('hex')}`;
}

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function newCategory(db: DbOrTx, over: Insert<typeof categories> = {}) {
  const u = unique();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${u}`, slug: `category-${u}`, image: `/media/test/category-${u}.webp`, ...over })
    .returning();
  return row!;
}

export async function newSubcategory(db: DbOrTx, categoryId: string, over: Insert<typeof subcategories> = {}) {
  const u = unique();
  const [row] = await db
    .insert(subcategories)
    .values({ categoryId, name: `Subcategory ${u}`, slug: `subcategory-${u}`, image: `/media/test/subcategory-${u}.webp`, ...over })
    .returning();
  return row!;
}

export async function newStyle(db: DbOrTx, over: Insert<typeof styles> = {}) {
  const u = unique();
  const [row] = await db
    .insert(styles)
    .values({ name: `Style ${u}`, slug: `style-${u}`, image: `/media/test/style-${u}.webp`, description: `About style ${u}`, ...over })
    .returning();
  return row!;
}

export async function newState(db: DbOrTx, over: Insert<typeof states> = {}) {
  const u = unique();
  const [row] = await db
    .insert(states)
    .values({ name: `State ${u}`, slug: `state-${u}`, image: `/media/test/state-${u}.webp`, slogan: `The land of ${u}`, ...over })
    .returning();
  return row!;
}

const run = String(process.pid % 1000).padStart(3, '0');
let contacts = 0;

/** A ten-digit mobile no other call in this process has used. */
export function uniqueMobile(): string {
  return `7${run}${String(++contacts).padStart(6, '0')}`;
}

export function uniqueEmail(): string {
  return `user${run}${String(++contacts).padStart(6, '0')}@example.test`;
}

export type NewUser = Insert<typeof users> & {
  /** A plain password to hash and set (argon2, ~30 ms); none by default. */
  password?: string;
};

/** An account (role user unless given) with unique names and a verified, unique mobile and e-mail unless overridden. */
export async function newUser(db: DbOrTx, over: NewUser = {}): Promise<UserRow> {
  const { password, ...values } = over;
  const u = unique();
  const [row] = await db
    .insert(users)
    .values({
      role: 'user',
      firstname: `First${u}`,
      lastname: `Last${u}`,
      mobile: uniqueMobile(),
      email: uniqueEmail(),
      mobileVerified: true,
      emailVerified: true,
      ...(password ? { passwordHash: await hashPassword(password) } : {}),
      ...values,
    })
    .returning();
  return row!;
}

/** A vendor: a user with role vendor and their approved store (vendors row). */
export async function newVendor(db: DbOrTx, over: { user?: Insert<typeof users>; vendor?: Insert<typeof vendors> } = {}) {
  const u = unique();
  const user = await newUser(db, { role: 'vendor', ...over.user });
  const [vendor] = await db
    .insert(vendors)
    .values({
      userId: user.id,
      brandName: `Brand ${u}`,
      sellerName: `Seller ${u}`,
      slug: `brand-${u}`,
      bio: `We make things by hand (${u}).`,
      banner: `/media/test/vendor-banner-${u}.webp`,
      policyHtml: '<p>Returns within 7 days.</p>',
      sizeChart: `/media/test/size-chart-${u}.webp`,
      pickupPincode: '302001',
      address: '12 Hawa Mahal Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      gstin: '08ABCDE1234F1Z5',
      registrationStep: 2,
      ...over.vendor,
    })
    .returning();
  return { user, vendor: vendor!, userId: user.id };
}

export interface NewProduct extends Insert<typeof products> {
  categoryId: string;
  /** The vendor's user id. */
  vendorId: string;
  /** Stock per size (a sized product; the default when neither colours nor free size are given: s, m, l with 5 each). */
  sizes?: Partial<Record<Size, number>>;
  /** Colour options with their stock and pictures (makes a colour product). */
  colors?: { color: string; quantity: number; images?: string[] }[];
  /** Festive offers the product belongs to. */
  festiveOfferIds?: string[];
}

/**
 * A product with its stock: sized (default), free size (`isFreeSize: true, freeSizeQty`) or colour (`colors`).
 * search_text is built from the name, keywords, colours and the referenced names, as the real writers do.
 */
export async function newProduct(db: DbOrTx, p: NewProduct) {
  const u = unique();
  const { sizes, colors, festiveOfferIds, ...over } = p;
  const name = over.name ?? `Product ${u}`;
  const price = over.price ?? 2000;
  const offeredPrice = over.offeredPrice ?? Math.min(price, 1500);
  const isColorOptions = over.isColorOptions ?? Boolean(colors?.length);
  const isFreeSize = over.isFreeSize ?? (!isColorOptions && over.freeSizeQty !== undefined);
  const refs = await refNames(db, p);
  const [row] = await db
    .insert(products)
    .values({
      slug: `product-${u}`,
      description: `<p>${name}, made by hand.</p>`,
      images: [`/media/test/product-${u}.webp`],
      metaDescription: `Buy ${name}`,
      metaKeywords: [],
      ...over,
      name,
      price,
      offeredPrice,
      discount: over.discount ?? Math.round(((price - offeredPrice) / price) * 100),
      isColorOptions,
      isFreeSize,
      searchText:
        over.searchText ??
        buildSearchText({ name, metaKeywords: over.metaKeywords ?? [], colors: colors?.map((c) => c.color), ...refs }),
    })
    .returning();
  const product = row!;
  if (!isFreeSize && !isColorOptions) {
    const stock = sizes ?? { s: 5, m: 5, l: 5 };
    const rows = Object.entries(stock).map(([size, quantity]) => ({ productId: product.id, size: size as Size, quantity: quantity ?? 0 }));
    if (rows.length) await db.insert(productSizes).values(rows);
  }
  if (colors?.length) {
    await db.insert(productColors).values(
      colors.map((c, i) => ({
        productId: product.id,
        color: c.color,
        quantity: c.quantity,
        images: c.images ?? [`/media/test/product-${u}-${i}.webp`],
        sortOrder: i,
      })),
    );
  }
  if (festiveOfferIds?.length) {
    await db.insert(productFestiveOffers).values(festiveOfferIds.map((festiveOfferId) => ({ productId: product.id, festiveOfferId })));
  }
  return product;
}

async function refNames(db: DbOrTx, p: NewProduct) {
  const one = async <T extends { name: string }>(rows: Promise<T[]>) => (await rows)[0]?.name ?? null;
  const [category, subcategory, style, state] = await Promise.all([
    one(db.select({ name: categories.name }).from(categories).where(eq(categories.id, p.categoryId))),
    p.subcategoryId ? one(db.select({ name: subcategories.name }).from(subcategories).where(eq(subcategories.id, p.subcategoryId))) : null,
    p.styleId ? one(db.select({ name: styles.name }).from(styles).where(eq(styles.id, p.styleId))) : null,
    p.stateId ? one(db.select({ name: states.name }).from(states).where(eq(states.id, p.stateId))) : null,
  ]);
  return { category, subcategory, style, state };
}

export async function newFestiveOffer(db: DbOrTx, over: Insert<typeof festiveOffers> = {}) {
  const u = unique();
  const [row] = await db
    .insert(festiveOffers)
    .values({ title: `Festival ${u}`, slug: `festival-${u}`, image: `/media/test/festival-${u}.webp`, ...over })
    .returning();
  return row!;
}

export async function newBanner(db: DbOrTx, over: Insert<typeof banners> = {}) {
  const u = unique();
  const [row] = await db
    .insert(banners)
    .values({
      placement: 'home',
      title: `Banner ${u}`,
      image: `/media/test/banner-${u}.webp`,
      mobileImage: `/media/test/banner-mobile-${u}.webp`,
      link: '/products/',
      ...over,
    })
    .returning();
  return row!;
}

export async function newCrazyDeal(db: DbOrTx, over: Insert<typeof crazyDeals> = {}) {
  const u = unique();
  const [row] = await db
    .insert(crazyDeals)
    .values({ title: `Deal ${u}`, subtitle: 'Limited time', image: `/media/test/deal-${u}.webp`, discount: 30, link: '/products/?discount=30', ...over })
    .returning();
  return row!;
}

export async function newSubcategoryCard(db: DbOrTx, subcategoryId: string, over: Insert<typeof subcategoryCards> = {}) {
  const u = unique();
  const [row] = await db
    .insert(subcategoryCards)
    .values({ subcategoryId, title: `Card ${u}`, image: `/media/test/card-${u}.webp`, ...over })
    .returning();
  return row!;
}

export async function newVendorSectionEntry(db: DbOrTx, vendorUserId: string, over: Insert<typeof vendorSection> = {}) {
  const u = unique();
  const [row] = await db
    .insert(vendorSection)
    .values({ vendorUserId, image: `/media/test/featured-${u}.webp`, place: 'Jaipur, Rajasthan', description: `Featured ${u}`, ...over })
    .returning();
  return row!;
}
