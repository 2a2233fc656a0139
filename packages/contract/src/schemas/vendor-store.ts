import { z } from 'zod';
import { MSG } from '../messages.ts';
import { GSTIN_PATTERN } from '../seller-checks.ts';

/**
 * The vendor console's store settings (issue 10; shopping §2 Vendor store, §3 Vendor details): what a vendor edits
 * about their own store at GET/PATCH /api/vendor/store. PATCH is multipart: the text fields below (any subset) and
 * the pictures `banner`, `sizeChart` and `avatar` as files, read by the one upload pipeline. The brand name and the
 * store's address (slug) are not edited here: the slug is in links people have shared.
 */

export const VENDOR_STORE_LIMITS = {
  /** Plain text, in characters. */
  bio: 600,
  /** The return policy as sent (HTML), in characters; it is sanitised before it is stored. */
  policy: 20_000,
  /** Banner: at least this many pixels across, and at least `bannerRatio` times as wide as tall. */
  bannerMinWidth: 1000,
  bannerRatio: 1.5,
} as const;

/** A multipart checkbox: 'true' (or '1') sets it; absent or anything else leaves it unset. */
const flag = z
  .string()
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * PATCH's text fields; a field left out keeps its value. `gstin` '' removes the GSTIN (it is optional); the
 * `remove…` flags take a picture away (a new file for the same picture wins over its flag).
 */
export const vendorStorePatch = z.object({
  bio: z
    .string()
    // One kind of line break, no trailing spaces at the ends: the store page shows the text as written.
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(VENDOR_STORE_LIMITS.bio, { error: MSG.vsBioTooLong }))
    .optional(),
  policy: z.string().max(VENDOR_STORE_LIMITS.policy, { error: MSG.vsPolicyTooLong }).optional(),
  pickupPincode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, { error: MSG.vsPincodeInvalid })
    .optional(),
  gstin: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || GSTIN_PATTERN.test(v), { error: MSG.vsGstinInvalid })
    .optional(),
  removeBanner: flag,
  removeSizeChart: flag,
  removeAvatar: flag,
});
export type VendorStorePatch = z.output<typeof vendorStorePatch>;
export type VendorStorePatchInput = z.input<typeof vendorStorePatch>;

/** The form's text field names (multipart fields kept by the server). */
export const VENDOR_STORE_FIELDS = Object.keys(vendorStorePatch.shape) as (keyof typeof vendorStorePatch.shape)[];
/** The form's picture fields. */
export const VENDOR_STORE_PICTURES = ['banner', 'sizeChart', 'avatar'] as const;

/** The store as its vendor edits it: the public details plus the private pickup pincode and GSTIN. */
export const vendorStore = z.object({
  _id: z.string(),
  userId: z.string(),
  brandName: z.string(),
  sellerName: z.string(),
  vendorSlug: z.string(),
  bio: z.string(),
  banner: z.string(),
  avatar: z.string(),
  /** The return and exchange policy (sanitised HTML). */
  policy: z.string(),
  sizeChart: z.string(),
  pickupPincode: z.string(),
  /** The pickup pincode's district and state from the India Post directory ('' when it is not there). */
  pickupPlace: z.object({ city: z.string(), state: z.string() }),
  gstin: z.string(),
});
export type VendorStore = z.infer<typeof vendorStore>;
