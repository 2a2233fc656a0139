import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, PRICE_RANGE, PRODUCT_STRIP_DEFAULT, SIZES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { boolish, objectId, page, pageSize, pincode } from './common.ts';

// ---------- reference data ----------
export const subcategoryRef = z.object({ _id: z.string(), subcategoryName: z.string(), slug: z.string() });
export const categoryRef = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export const namedRef = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

export const subcategory = subcategoryRef.extend({ image: z.string(), categoryId: z.string() });
export type Subcategory = z.infer<typeof subcategory>;

export const category = categoryRef.extend({ image: z.string(), subcategory: z.array(subcategory) });
export type Category = z.infer<typeof category>;

export const style = namedRef.extend({ image: z.string(), description: z.string() });
export type Style = z.infer<typeof style>;

export const state = namedRef.extend({ image: z.string(), video: z.string().nullable(), slogan: z.string() });
export type State = z.infer<typeof state>;

export const baseState = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

// ---------- products ----------
export const sizeStock = z.object({ size: z.enum(SIZES), quantity: z.number().int() });
export const colorStock = z.object({ _id: z.string(), color: z.string(), quantity: z.number().int(), images: z.array(z.string()) });

/** What a product card needs; list calls return these. */
export const productCard = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  price: z.number().int(),
  offeredPrice: z.number().int(),
  discount: z.number().int(),
  isFreeSize: z.boolean(),
  isColorOptions: z.boolean(),
  inStock: z.boolean(),
  categoryId: categoryRef.nullable(),
  subcategoryId: subcategoryRef.nullable(),
  styleId: namedRef.nullable(),
  stateId: namedRef.nullable(),
  vendorId: z.string(),
  isTrending: z.boolean(),
  createdAt: z.string(),
  /** Mean review rating rounded to one decimal (0 without reviews) and the number of reviews (reviews module). */
  rating: z.number(),
  reviewsCount: z.number().int(),
});
export type ProductCard = z.infer<typeof productCard>;

export const productDetail = productCard.extend({
  description: z.string(),
  freeSizeQty: z.number().int(),
  sizeInventory: z.array(sizeStock),
  colorInventory: z.array(colorStock),
  metaDescription: z.string(),
  metaKeyword: z.array(z.string()),
  salesCount: z.number().int(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const vendorDetails = z.object({
  _id: z.string(),
  userId: z.string(),
  brandName: z.string(),
  sellerName: z.string(),
  vendorSlug: z.string(),
  bio: z.string(),
  banner: z.string(),
  avatar: z.string(),
  policy: z.string(),
  sizeChart: z.string(),
  place: z.string(),
  state: z.string(),
  /** True while an admin has suspended the store (ADR 025): the store page says it is unavailable. */
  suspended: z.boolean().optional(),
});
export type VendorDetails = z.infer<typeof vendorDetails>;

export const productPage = z.object({ productDetail, vendorDetails: z.array(vendorDetails) });

const priceBound = z.coerce
  .number({ error: 'Price must be a number' })
  .int({ error: 'Price must be a whole number of rupees' })
  .min(PRICE_RANGE.min, { error: 'Price cannot be negative' })
  .max(10_000_000, { error: 'Price is too high' });

/**
 * A filter that clients leave empty: '' or null mean "no filter" (the web's filter state keeps unset filters
 * as empty strings), anything else must be valid and gets the field's own message. (A preprocess, not a union,
 * so the message stays the field's; the cast keeps the caller-facing types precise.)
 */
function unsetOr<T extends z.ZodType, In = z.input<T>>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional()) as unknown as z.ZodOptional<
    z.ZodType<z.output<T>, In | '' | null>
  >;
}

const sortOrder = (name: string) =>
  unsetOr(
    z
      .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], { error: `${name} must be 1 or -1` })
      .transform((v) => Number(v) as 1 | -1),
  );

const sizeList = z.preprocess(
  // The address bar carries sizes comma separated (spec §2 Listings); a body may send either form.
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.string({ error: 'Unknown size' }).trim().toLowerCase().pipe(z.enum(SIZES, { error: 'Unknown size' })), { error: 'Sizes must be a list' })
    .max(SIZES.length * 2, { error: 'Too many sizes' })
    // One of each, in chart order, so equal filters are equal (and share a cache entry).
    .transform((sizes) => SIZES.filter((s) => sizes.includes(s))),
);

/** Filters of API.md "Listing filters"; shared by product/list and vendor/products/list. */
export const listingFilters = z.object({
  categoryId: unsetOr(objectId),
  subcategoryId: unsetOr(objectId),
  styleId: unsetOr(objectId),
  stateId: unsetOr(objectId),
  festiveCategoryId: unsetOr(objectId),
  /** That percent off or more. */
  discount: unsetOr(
    z.coerce
      .number({ error: 'Discount must be a number' })
      .int({ error: 'Discount must be a whole percent' })
      .min(0, { error: 'Discount must be between 0 and 100' })
      .max(100, { error: 'Discount must be between 0 and 100' }),
  ),
  /** On the offered price, both ends included. */
  price: unsetOr(
    z
      .object({ min: unsetOr(priceBound), max: unsetOr(priceBound) })
      .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, {
        error: 'Minimum price cannot be above maximum price',
      }),
  ),
  /** Lowercase sizes; a product matches when one of them is in stock. */
  size: unsetOr<typeof sizeList, string[] | string>(sizeList),
  /** 1 price low to high, -1 high to low. */
  priceSort: sortOrder('Price sort'),
  /** -1 newest first, 1 oldest first. */
  sort: sortOrder('Sort'),
  isTrending: unsetOr(boolish),
  /** Products that have sold, best sellers first (unless another sort is given). */
  isTopSelling: unsetOr(boolish),
  /** Free text (the search page): relevance order unless a sort is given; typo tolerant. */
  search: unsetOr(
    z
      .string({ error: 'Search must be text' })
      .trim()
      .max(100, { error: 'Search is too long' })
      .transform((v) => v || undefined),
  ),
});
export type ListingFilters = z.input<typeof listingFilters>;
export type ParsedListingFilters = z.output<typeof listingFilters>;

export const productListBody = listingFilters.extend({ page: page.default(1), pageSize: pageSize(PAGE_SIZE.listing) });
export type ProductListBody = z.input<typeof productListBody>;

export const productListResult = z.object({ products: z.array(productCard), total: z.number().int() });
export type ProductListResult = z.infer<typeof productListResult>;

export const vendorProductsBody = productListBody.extend({ userId: objectId });
export type VendorProductsBody = z.input<typeof vendorProductsBody>;

/** GET product/topSelling and product/trendingProducts: `?limit` (the web pages them by 8). */
export const productStripQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be between 1 and 100' })
    .max(MAX_PAGE_SIZE, { error: 'Limit must be between 1 and 100' })
    .default(PRODUCT_STRIP_DEFAULT),
});

/** A slug in a path; an unknown one is a 404. */
export const slugParam = z.string().trim().min(1, { error: 'Slug is required' }).max(200, { error: 'Slug is too long' });

export const suggestionBody = z.object({
  search: z.string({ error: MSG.searchRequired }).trim().min(1, { error: MSG.searchRequired }).max(100),
});
export const suggestion = z.object({ _id: z.string(), name: z.string(), slug: z.string(), images: z.array(z.string()) });
export type Suggestion = z.infer<typeof suggestion>;

export const similarBody = z.object({
  productId: objectId,
  vendorId: objectId.optional(),
  subcategoryId: objectId.optional(),
  styleId: objectId.optional(),
});
export const similarResult = z.object({
  categoryProducts: z.array(productCard),
  styleProducts: z.array(productCard),
  vendorProducts: z.array(productCard),
});

// ---------- home merchandising ----------
export const banner = z.object({ _id: z.string(), image: z.string(), mobileImage: z.string(), title: z.string(), link: z.string() });
export type Banner = z.infer<typeof banner>;

export const festiveOffer = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  image: z.string(),
  status: z.enum(['active', 'inactive']),
});
export type FestiveOffer = z.infer<typeof festiveOffer>;
export const festiveOfferBody = z.object({ status: z.enum(['active', 'inactive']).optional() });

export const crazyDeal = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  discount: z.number().int(),
  link: z.string(),
});
export type CrazyDeal = z.infer<typeof crazyDeal>;

export const subcategoryCard = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  subcategoryId: subcategoryRef,
  categoryId: categoryRef,
});
export type SubcategoryCard = z.infer<typeof subcategoryCard>;

export const vendorCard = z.object({
  _id: z.string(),
  image: z.string(),
  place: z.string(),
  description: z.string(),
  vendorId: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }),
  vendorInfo: z.object({ sellerName: z.string(), vendorSlug: z.string(), brandName: z.string() }),
});
export type VendorCard = z.infer<typeof vendorCard>;

export const vendorDirectoryBody = z.object({ page: page.default(1), pageSize: pageSize(PAGE_SIZE.vendorDirectory), search: z.string().trim().max(100).optional() });
export const vendorDirectoryResult = z.object({ vendors: z.array(vendorCard), total: z.number().int() });

// ---------- pincode and delivery ----------
export const pincodeLookup = z.object({
  Status: z.enum(['Success', 'Error']),
  Message: z.string(),
  PostOffice: z.array(z.object({ District: z.string(), State: z.string(), Country: z.string(), Pincode: z.string() })).nullable(),
});
export type PincodeLookup = z.infer<typeof pincodeLookup>;

export const deliveryDateBody = z.object({
  customerPincode: pincode,
  vendorIds: z.array(objectId, { error: MSG.vendorRequiredForDelivery }).min(1, { error: MSG.vendorRequiredForDelivery }).max(50),
});

/** A coordinate from a query string; blank counts as missing, not as 0. */
const coordinate = (name: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a number` })
      .min(-limit, { error: `${name} must be between -${limit} and ${limit}` })
      .max(limit, { error: `${name} must be between -${limit} and ${limit}` }),
  );

/** The nearest PIN to a position ("use my current location"); replaces the spec's reverse geocoding. */
export const nearestPincodeQuery = z.object({ latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) });

export const deliveryDateResult = z.object({
  /** Working days (Sundays skipped) from today, India time. */
  deliveryDays: z.number().int(),
  /** ISO date, YYYY-MM-DD. */
  deliveryDate: z.string(),
  /** Ready to show: 'Delivery by Tue, 25 Nov'. */
  deliveryText: z.string(),
  distanceKm: z.number().int(),
});
export type DeliveryDateResult = z.infer<typeof deliveryDateResult>;

