import { z } from 'zod';
import { MAX_PAGE_SIZE, SIZES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { productDetail } from './catalogue.ts';
import { objectId, page } from './common.ts';

/**
 * The vendor console's products (issue 10, "Vendor console", Products). A vendor lists, adds, edits, restocks,
 * publishes, unpublishes and (softly) deletes their own products under /api/vendor/my-products. The add and edit
 * forms are multipart: text fields checked by `vendorProductForm`, `inventory` as one JSON field, and pictures as
 * files (`images`, and `colorImages[i]` for colour i of a colour inventory), read by the one upload pipeline.
 */

export const VENDOR_PRODUCT_LIMITS = {
  name: 150,
  /** Sanitised HTML, in characters. */
  description: 20_000,
  metaDescription: 300,
  metaKeywords: 20,
  metaKeyword: 50,
  images: 5,
  colors: 10,
  colorImages: 5,
  colorName: 40,
  /** Largest stock of one size, colour or free size (a typo guard, not a business rule). */
  quantity: 100_000,
  price: 10_000_000,
} as const;

/** A product whose total stock is 1 to this many shows under the low-stock filter; 0 is "out". */
export const LOW_STOCK_THRESHOLD = 5;
export const VENDOR_PRODUCT_STATUSES = ['published', 'unpublished', 'all'] as const;
export const VENDOR_PRODUCT_PAGE_SIZE = 20;

const quantity = z.coerce
  .number({ error: MSG.vpQuantityInvalid })
  .int({ error: MSG.vpQuantityInvalid })
  .min(0, { error: MSG.vpQuantityInvalid })
  .max(VENDOR_PRODUCT_LIMITS.quantity, { error: MSG.vpQuantityInvalid });

const colorName = z
  .string({ error: MSG.vpColorNameRequired })
  .trim()
  .min(1, { error: MSG.vpColorNameRequired })
  .max(VENDOR_PRODUCT_LIMITS.colorName, { error: MSG.vpColorNameRequired });

/**
 * Stock as the form sends it, one of three kinds (product spec §3: isFreeSize/freeSizeQty, sizeInventory,
 * colorInventory). A colour may list `images` it keeps (URLs it already had, when editing); its new pictures
 * come as the files `colorImages[i]`.
 */
export const inventoryInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('free'), quantity }),
    z.object({
      type: z.literal('sizes'),
      sizes: z
        .array(z.object({ size: z.enum(SIZES, { error: MSG.vpSizesRequired }), quantity }), { error: MSG.vpSizesRequired })
        .min(1, { error: MSG.vpSizesRequired })
        .max(SIZES.length, { error: MSG.vpSizeRepeated })
        .refine((l) => new Set(l.map((s) => s.size)).size === l.length, { error: MSG.vpSizeRepeated }),
    }),
    z.object({
      type: z.literal('colors'),
      colors: z
        .array(z.object({ color: colorName, quantity, images: z.array(z.string().max(500)).max(VENDOR_PRODUCT_LIMITS.colorImages).default([]) }), {
          error: MSG.vpColorsRequired,
        })
        .min(1, { error: MSG.vpColorsRequired })
        .max(VENDOR_PRODUCT_LIMITS.colors, { error: MSG.vpColorsRequired })
        .refine((l) => new Set(l.map((c) => c.color.toLowerCase())).size === l.length, { error: MSG.vpColorRepeated }),
    }),
  ],
  { error: MSG.vpInventoryRequired },
);
export type InventoryInput = z.input<typeof inventoryInput>;
export type Inventory = z.output<typeof inventoryInput>;

/** A JSON text field (multipart sends text) parsed, then checked by `schema`; unreadable JSON gets `message`. */
const jsonField = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string({ error: message })
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);

const rupees = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(VENDOR_PRODUCT_LIMITS.price, { error: message });

/** An optional reference: '' (an empty select) means none (null, which clears it when editing). */
const optionalId = z
  .string()
  .trim()
  .transform((v) => v || null)
  .pipe(z.uuid({ error: MSG.vpStyleUnknown }).nullable());

/**
 * The add form's text fields (POST, all required but style and the meta fields); PATCH takes `vendorProductPatch`
 * (any subset). The offered price is checked against the price by the server, on the merged values when editing.
 */
export const vendorProductForm = z.object({
  name: z.string({ error: MSG.vpNameRequired }).trim().min(1, { error: MSG.vpNameRequired }).max(VENDOR_PRODUCT_LIMITS.name, { error: MSG.vpNameTooLong }),
  description: z.string({ error: MSG.vpDescriptionRequired }).trim().min(1, { error: MSG.vpDescriptionRequired }).max(VENDOR_PRODUCT_LIMITS.description, { error: MSG.vpDescriptionTooLong }),
  categoryId: z.string({ error: MSG.vpCategoryRequired }).trim().min(1, { error: MSG.vpCategoryRequired }).pipe(z.uuid({ error: MSG.vpCategoryUnknown })),
  subcategoryId: z.string({ error: MSG.vpSubcategoryRequired }).trim().min(1, { error: MSG.vpSubcategoryRequired }).pipe(z.uuid({ error: MSG.vpSubcategoryMismatch })),
  styleId: optionalId.optional(),
  stateId: z.string({ error: MSG.vpStateRequired }).trim().min(1, { error: MSG.vpStateRequired }).pipe(z.uuid({ error: MSG.vpStateUnknown })),
  price: rupees(MSG.vpPriceRequired),
  offeredPrice: rupees(MSG.vpOfferedPriceRequired),
  inventory: jsonField(inventoryInput, MSG.vpInventoryRequired),
  metaDescription: z.string().trim().max(VENDOR_PRODUCT_LIMITS.metaDescription, { error: MSG.vpMetaDescriptionTooLong }).default(''),
  /** A comma-separated list ("saree, silk, banarasi"). */
  metaKeywords: z
    .string()
    .default('')
    .transform((v) => [...new Set(v.split(',').map((k) => k.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(VENDOR_PRODUCT_LIMITS.metaKeyword, { error: MSG.vpMetaKeywordsTooMany })).max(VENDOR_PRODUCT_LIMITS.metaKeywords, { error: MSG.vpMetaKeywordsTooMany })),
});
export type VendorProductForm = z.output<typeof vendorProductForm>;

/**
 * PATCH's fields: any of the add form's, plus `keepImages`, a JSON list of the product's current picture URLs to
 * keep, in order (absent: keep all). New `images` files are added after the kept ones; 1 to 5 in all.
 */
export const vendorProductPatch = vendorProductForm.partial().extend({
  keepImages: jsonField(z.array(z.string().max(500)).max(VENDOR_PRODUCT_LIMITS.images, { error: MSG.vpImagesTooMany }), MSG.vpImagesRequired).optional(),
});
export type VendorProductPatch = z.output<typeof vendorProductPatch>;

/** The form's text field names (multipart fields kept by the server). */
export const VENDOR_PRODUCT_FIELDS = [...Object.keys(vendorProductForm.shape), 'keepImages'] as const;

/** GET vendor/my-products query. */
export const vendorProductQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(VENDOR_PRODUCT_STATUSES).default('all'),
  categoryId: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(objectId.optional())
    .optional(),
  /** low: 1 to LOW_STOCK_THRESHOLD left in all; out: none left. */
  stock: z.enum(['low', 'out']).optional(),
  page: page.default(1),
  pageSize: z.coerce
    .number({ error: MSG.pageSizeInvalid })
    .int({ error: MSG.pageSizeInvalid })
    .min(1, { error: MSG.pageSizeInvalid })
    .max(MAX_PAGE_SIZE, { error: MSG.pageSizeInvalid })
    .default(VENDOR_PRODUCT_PAGE_SIZE),
});
export type VendorProductQuery = z.input<typeof vendorProductQuery>;

/** A product as its vendor sees it: the public detail plus whether it is published and its stock in all. */
export const vendorProduct = productDetail.extend({
  isActive: z.boolean(),
  totalStock: z.number().int(),
  updatedAt: z.string(),
});
export type VendorProduct = z.infer<typeof vendorProduct>;

export const vendorProductList = z.object({ products: z.array(vendorProduct), total: z.number().int() });
export type VendorProductList = z.infer<typeof vendorProductList>;

/**
 * PATCH vendor/my-products/{id}/stock: the quantities to set, for the product's own kind of stock — `quantity`
 * (free size), `sizes` (any of xs..xxxl; a size not listed keeps its stock) or `colors` by the colour's `_id`.
 */
export const vendorStockBody = z
  .object({
    quantity: quantity.optional(),
    sizes: z.array(z.object({ size: z.enum(SIZES), quantity })).max(SIZES.length).optional(),
    colors: z.array(z.object({ _id: objectId, quantity })).max(VENDOR_PRODUCT_LIMITS.colors).optional(),
  })
  .refine((b) => b.quantity !== undefined || b.sizes?.length || b.colors?.length, { error: MSG.vpInventoryRequired });
export type VendorStockBody = z.input<typeof vendorStockBody>;

/**
 * Bulk catalogue import (issue 10): a CSV with one product a row, checked row by row with the add form's own rules
 * (`vendorProductForm` and the server's cross-field checks). Imported products are drafts (unpublished) without
 * pictures: a CSV cannot carry them, so the vendor adds them in the edit form before publishing (ADR 018).
 */
export const VENDOR_IMPORT_LIMITS = {
  /** Largest file, in bytes. */
  bytes: 2 * 1024 * 1024,
  /** Most products in one file. */
  rows: 1000,
} as const;

/**
 * The template's columns, in order. `required` columns must be present in a file (their cells may still be
 * refused row by row); the others may be left out. Category, subcategory, style and state are given by name or
 * slug, any case.
 */
export const VENDOR_IMPORT_COLUMNS = [
  { name: 'name', required: true, hint: 'Up to 150 characters' },
  { name: 'description', required: true, hint: 'Plain text (each line a paragraph) or the form’s HTML' },
  { name: 'category', required: true, hint: 'Name or slug, e.g. Women' },
  { name: 'subcategory', required: true, hint: 'Name or slug, of that category' },
  { name: 'style', required: false, hint: 'Optional: name or slug' },
  { name: 'state', required: true, hint: 'Name or slug, e.g. Rajasthan' },
  { name: 'price', required: true, hint: 'Whole rupees' },
  { name: 'offered price', required: true, hint: 'Whole rupees, not more than the price' },
  { name: 'stock type', required: false, hint: 'free, sizes or colours (left empty: told from the stock columns)' },
  { name: 'quantity', required: false, hint: 'Stock of a free-size product' },
  ...SIZES.map((s) => ({ name: s, required: false, hint: `Stock of size ${s.toUpperCase()} (sizes)` })),
  { name: 'colours', required: false, hint: 'name:stock; name:stock (colours)' },
  { name: 'meta description', required: false, hint: 'Optional, up to 300 characters' },
  { name: 'keywords', required: false, hint: 'Optional, separated by commas' },
] as const;
export type VendorImportColumn = (typeof VENDOR_IMPORT_COLUMNS)[number]['name'];

/** One problem: the spreadsheet row (the header is row 1) and the template column at fault. */
export const vendorImportError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type VendorImportError = z.infer<typeof vendorImportError>;

/**
 * POST vendor/my-products/import: what the check found. `rows` products read, `valid` of them without a problem;
 * `created` is set when the products were written (never on a dry run).
 */
export const vendorImportReport = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(vendorImportError),
  created: z.number().int().optional(),
});
export type VendorImportReport = z.infer<typeof vendorImportReport>;
