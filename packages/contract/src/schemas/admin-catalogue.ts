import { z } from 'zod';
import { objectId, page } from './common.ts';

/**
 * The admin console's catalogue (issue 11): categories, subcategories, styles, states, banners, festive offers,
 * crazy deals, subcategory cards and the vendor section, and the products' trending flag. Each kind is listed whole
 * (hidden ones too), created and edited with a form (multipart: text fields and pictures, stored as WebP), ordered
 * by a list of ids, hidden or shown, and deleted only while nothing uses it.
 */
export const CATALOGUE_KINDS = ['categories', 'subcategories', 'styles', 'states', 'banners', 'festiveOffers', 'crazyDeals', 'subcategoryCards', 'vendorSection'] as const;
export const catalogueKind = z.enum(CATALOGUE_KINDS, { error: `Please choose one of ${CATALOGUE_KINDS.join(', ')}` });
export type CatalogueKind = z.infer<typeof catalogueKind>;

/** The picture fields of each kind's form; banners carry a desktop and a mobile picture, both needed to create one. */
export const CATALOGUE_IMAGE_FIELDS: Record<CatalogueKind, readonly ('image' | 'mobileImage')[]> = {
  categories: ['image'],
  subcategories: ['image'],
  styles: ['image'],
  states: ['image'],
  banners: ['image', 'mobileImage'],
  festiveOffers: ['image'],
  crazyDeals: ['image'],
  subcategoryCards: ['image'],
  vendorSection: ['image'],
};

/** Kinds whose picture is needed to create one (the home page has no fallback for them). */
export const CATALOGUE_IMAGE_REQUIRED: readonly CatalogueKind[] = ['banners', 'crazyDeals', 'subcategoryCards', 'vendorSection'];

export const CATALOGUE_LIMITS = { name: 80, slug: 80, description: 500, slogan: 200, link: 500, title: 120, hsnCode: 8 } as const;

/** One entry as the admin sees it: the fields of its kind, the others absent. */
export const adminCatalogueItem = z.object({
  _id: z.string(),
  kind: catalogueKind,
  /** Name (a banner: its title). */
  name: z.string(),
  slug: z.string().optional(),
  image: z.string(),
  mobileImage: z.string().optional(),
  hidden: z.boolean(),
  sortOrder: z.number(),
  /** Products that use it (categories, subcategories, styles, states): deleting is refused while any do. */
  productsCount: z.number().optional(),
  categoryId: z.string().optional(),
  categoryName: z.string().optional(),
  gstRate: z.number().optional(),
  hsnCode: z.string().nullable().optional(),
  description: z.string().optional(),
  slogan: z.string().optional(),
  video: z.string().nullable().optional(),
  placement: z.enum(['home', 'community']).optional(),
  link: z.string().optional(),
  /** Crazy deals. */
  subtitle: z.string().optional(),
  discount: z.number().optional(),
  /** Subcategory cards: the subcategory (and its category) the card opens. */
  subcategoryId: z.string().optional(),
  subcategoryName: z.string().optional(),
  /** Vendor section: the featured vendor (user id) and the place shown under the name. */
  vendorUserId: z.string().optional(),
  vendorName: z.string().optional(),
  place: z.string().optional(),
});
export type AdminCatalogueItem = z.infer<typeof adminCatalogueItem>;

const flag = z.enum(['true', 'false'], { error: "Please send 'true' or 'false'" }).transform((v) => v === 'true');
const text = (max: number, label: string) => z.string().trim().max(max, { error: `${label} must be at most ${max} characters` });
const slugText = z
  .string()
  .trim()
  .max(CATALOGUE_LIMITS.slug, { error: `Slug must be at most ${CATALOGUE_LIMITS.slug} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Slug may only have lower-case letters, digits and single hyphens' });
const nameText = text(CATALOGUE_LIMITS.name, 'Name').min(1, { error: 'Name is required' });
const videoUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Video must be a web address (https://…)' }).max(500)]);
const linkText = z
  .string()
  .trim()
  .max(CATALOGUE_LIMITS.link)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), { error: 'Link must start with / (a page of this site) or https://' });

/**
 * The create and edit forms' text fields per kind (all text, as a form sends them). On edit every field is optional;
 * on create `name` is required (a banner's title is not) and a slug left out is made from the name.
 */
export const catalogueFields = {
  categories: z.object({
    name: nameText,
    slug: slugText.optional(),
    gstRate: z.coerce
      .number({ error: 'GST rate must be a number' })
      .int({ error: 'GST rate must be a whole percent' })
      .refine((n) => [0, 5, 12, 18, 28].includes(n), { error: 'GST rate must be 0, 5, 12, 18 or 28' })
      .optional(),
    hsnCode: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})?$/, { error: 'HSN code must be 4, 6 or 8 digits' })
      .optional(),
    hidden: flag.optional(),
  }),
  subcategories: z.object({ categoryId: objectId, name: nameText, slug: slugText.optional(), hidden: flag.optional() }),
  styles: z.object({ name: nameText, slug: slugText.optional(), description: text(CATALOGUE_LIMITS.description, 'Description').optional(), hidden: flag.optional() }),
  states: z.object({
    name: nameText,
    slug: slugText.optional(),
    slogan: text(CATALOGUE_LIMITS.slogan, 'Slogan').optional(),
    video: videoUrl.optional(),
    hidden: flag.optional(),
  }),
  banners: z.object({
    placement: z.enum(['home', 'community'], { error: "Placement must be 'home' or 'community'" }),
    name: text(CATALOGUE_LIMITS.title, 'Title').optional(),
    link: linkText.optional(),
    hidden: flag.optional(),
  }),
  /** A festive offer hides by its status (inactive), which festiveOffer/list reports. */
  festiveOffers: z.object({ name: text(CATALOGUE_LIMITS.title, 'Title').min(1, { error: 'Title is required' }), slug: slugText.optional(), hidden: flag.optional() }),
  crazyDeals: z.object({
    name: text(CATALOGUE_LIMITS.title, 'Title').min(1, { error: 'Title is required' }),
    subtitle: text(CATALOGUE_LIMITS.title, 'Subtitle').optional(),
    discount: z.coerce
      .number({ error: 'Discount must be a number' })
      .int({ error: 'Discount must be a whole percent' })
      .min(0, { error: 'Discount must be between 0 and 90' })
      .max(90, { error: 'Discount must be between 0 and 90' })
      .optional(),
    link: z.string({ error: 'Link is required' }).pipe(linkText).refine((v) => v !== '', { error: 'Link is required' }),
    hidden: flag.optional(),
  }),
  subcategoryCards: z.object({ subcategoryId: objectId, name: text(CATALOGUE_LIMITS.title, 'Title').min(1, { error: 'Title is required' }), hidden: flag.optional() }),
  vendorSection: z.object({
    vendorUserId: objectId,
    place: text(CATALOGUE_LIMITS.name, 'Place').optional(),
    description: text(CATALOGUE_LIMITS.description, 'Description').optional(),
    hidden: flag.optional(),
  }),
} as const;
export const CATALOGUE_TEXT_FIELDS = [
  'name',
  'slug',
  'gstRate',
  'hsnCode',
  'hidden',
  'categoryId',
  'description',
  'slogan',
  'video',
  'placement',
  'link',
  'subtitle',
  'discount',
  'subcategoryId',
  'vendorUserId',
  'place',
] as const;

/** POST admin/catalogue/{kind}/order: the ids in their new order (first shows first); ids left out keep their place after them. */
export const catalogueOrderBody = z.object({
  ids: z.array(objectId, { error: 'Please send ids: a list of ids' }).min(1, { error: 'Please send at least one id' }).max(500),
});

/** PATCH admin/catalogue/{kind}/{id}/visibility. */
export const catalogueVisibilityBody = z.object({ hidden: z.boolean({ error: 'Please send hidden: true or false' }) });

/** GET admin/catalogue/products: a product search for the trending flag. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const adminProductQuery = z.object({
  q: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional(),
  trending: z.enum(['true', 'false']).optional(),
  page: page.default(1),
});
export const adminProductRow = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  vendorName: z.string(),
  categoryName: z.string(),
  isTrending: z.boolean(),
  isActive: z.boolean(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;
export const adminProductList = z.object({ products: z.array(adminProductRow), count: z.number() });
export type AdminProductList = z.infer<typeof adminProductList>;
/** POST admin/catalogue/festiveOffers/{id}/products. */
export const festiveOfferProductBody = z.object({ productId: objectId });
export const trendingBody = z.object({ trending: z.boolean({ error: 'Please send trending: true or false' }) });
