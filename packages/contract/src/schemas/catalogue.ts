import { z } from 'zod';
import { PAGE_SIZE, PRICE_RANGE, SIZES } from '../constants.ts';
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
});
export type VendorDetails = z.infer<typeof vendorDetails>;

export const productPage = z.object({ productDetail, vendorDetails: z.array(vendorDetails) });

const priceBound = z.coerce.number().int().min(PRICE_RANGE.min).max(10_000_000);

/** Filters of API.md "Listing filters"; shared by product/list and vendor/products/list. */
export const listingFilters = z.object({
  categoryId: objectId.optional(),
  subcategoryId: objectId.optional(),
  styleId: objectId.optional(),
  stateId: objectId.optional(),
  festiveCategoryId: objectId.optional(),
  discount: z.coerce
    .number({ error: 'Discount must be a number' })
    .int()
    .min(0, { error: 'Discount must be between 0 and 100' })
    .max(100, { error: 'Discount must be between 0 and 100' })
    .optional(),
  price: z
    .object({ min: priceBound.optional(), max: priceBound.optional() })
    .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, {
      error: 'Minimum price cannot be above maximum price',
    })
    .optional(),
  size: z.array(z.string().toLowerCase().pipe(z.enum(SIZES, { error: 'Unknown size' }))).optional(),
  priceSort: z.union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')]).transform(Number).optional(),
  sort: z.union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')]).transform(Number).optional(),
  isTrending: boolish.optional(),
  isTopSelling: boolish.optional(),
  search: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
});
export type ListingFilters = z.input<typeof listingFilters>;

export const productListBody = listingFilters.extend({ page: page.default(1), pageSize: pageSize(PAGE_SIZE.listing) });
export type ProductListBody = z.input<typeof productListBody>;

export const productListResult = z.object({ products: z.array(productCard), total: z.number().int() });
export type ProductListResult = z.infer<typeof productListResult>;

export const vendorProductsBody = productListBody.extend({ userId: objectId });

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
export const deliveryDateResult = z.object({
  deliveryDays: z.number().int(),
  deliveryDate: z.string(),
  distanceKm: z.number().int(),
});
export type DeliveryDateResult = z.infer<typeof deliveryDateResult>;

