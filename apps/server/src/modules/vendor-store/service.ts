import { eq } from 'drizzle-orm';
import { gstStateCode, isGstin, MSG, VENDOR_STORE_LIMITS, type VendorStore, type VendorStorePatch } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pincodeDirectory } from '../../lib/pincode/index.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { transaction } from '../../lib/transaction.ts';
import { deleteUpload, storeImage, uprightSize, type UploadedFile } from '../media/uploads.ts';
import { applicantPan, applicationFollowsStore } from '../sellers/service.ts';
import { fieldErrors } from '../vendor-products/service.ts';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogueCache' | 'config'>;
type VendorRow = typeof vendors.$inferSelect;

/**
 * How each picture is kept (ADR 015 widths). The banner spans the page (1600 px on a wide screen); a size chart is
 * read for its small print, so it keeps 1600 px too; the avatar is a square at most 112 CSS px, 2× and 3× screens.
 */
const PICTURES = {
  banner: { folder: 'stores/banners', maxWidth: 1600, unreadable: MSG.vsImageType },
  sizeChart: { folder: 'stores/size-charts', maxWidth: 1600, unreadable: MSG.vsImageType },
  avatar: { folder: 'stores/avatars', maxWidth: 640, square: true, unreadable: MSG.vsImageType },
} as const;
export type StorePicture = keyof typeof PICTURES;
const COLUMN = { banner: 'banner', sizeChart: 'sizeChart', avatar: 'avatar' } as const satisfies Record<StorePicture, keyof VendorRow>;
const REMOVE = { banner: 'removeBanner', sizeChart: 'removeSizeChart', avatar: 'removeAvatar' } as const satisfies Record<StorePicture, keyof VendorStorePatch>;

export type StoreFiles = Partial<Record<StorePicture, UploadedFile>>;

async function storeOf(db: DbOrTx, userId: string): Promise<VendorRow> {
  const [row] = await db.select().from(vendors).where(eq(vendors.userId, userId)).limit(1);
  if (!row) throw notFound(MSG.vsStoreMissing);
  return row;
}

function toVendorStore(v: VendorRow): VendorStore {
  const place = pincodeDirectory().get(v.pickupPincode);
  return {
    _id: v.id,
    userId: v.userId,
    brandName: v.brandName,
    sellerName: v.sellerName,
    vendorSlug: v.slug,
    bio: v.bio,
    banner: v.banner,
    avatar: v.avatar,
    policy: v.policyHtml,
    sizeChart: v.sizeChart,
    pickupPincode: v.pickupPincode,
    pickupPlace: { city: place?.district ?? '', state: place?.state ?? '' },
    gstin: v.gstin ?? '',
  };
}

/** Sanitised; an editor's leftover empty paragraph is no policy at all (the product page hides the link then). */
function cleanPolicy(html: string): string {
  const clean = sanitizeRichText(html);
  const text = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
  return text || /<img\b/.test(clean) ? clean : '';
}

/** GET vendor/store: the caller's own store with its private settings; 404 when the vendor has no store row. */
export async function getOwnStore(db: DbOrTx, userId: string): Promise<VendorStore> {
  return toVendorStore(await storeOf(db, userId));
}

/**
 * PATCH vendor/store. Every field is checked before anything is stored, and every problem is reported on its field:
 * the bio's length; the return policy sanitised with the product description's allow-list (so a <script> never
 * reaches a product page); the pickup pincode in the India Post directory (the delivery estimate measures from it,
 * and the store's place follows it); a new GSTIN's check character, its PAN against the seller application's and
 * its state code against the pickup pincode's state (also re-checked when only the pincode moves); the banner wide.
 * New pictures are stored as WebP in several widths; replaced or removed ones are deleted after the commit. The
 * vendors trigger bumps the catalogue version and this process is told, so the store page and the product pages
 * (size chart, return policy) show the change on their next request.
 */
export async function updateOwnStore(ctx: Ctx, userId: string, patch: VendorStorePatch, files: StoreFiles): Promise<VendorStore> {
  const cur = await storeOf(ctx.db, userId);
  const errors = fieldErrors();
  const directory = pincodeDirectory();

  const pincode = patch.pickupPincode ?? cur.pickupPincode;
  const place = directory.get(pincode);
  if (patch.pickupPincode !== undefined && !place) errors.add('pickupPincode', MSG.vsPincodeUnknown);

  const gstin = patch.gstin !== undefined ? patch.gstin : (cur.gstin ?? '');
  const gstinChanged = gstin !== (cur.gstin ?? '');
  if (gstin && gstinChanged) {
    if (!isGstin(gstin)) errors.add('gstin', MSG.vsGstinChecksum);
    const pan = await applicantPan(ctx, userId);
    if (pan && gstin.slice(2, 12) !== pan) errors.add('gstin', MSG.vsGstinPan);
  }
  if (gstin && (gstinChanged || pincode !== cur.pickupPincode) && place) {
    const code = gstStateCode(place.state);
    if (code && gstin.slice(0, 2) !== code) errors.add('gstin', `${MSG.vsGstinState} (${place.state}: ${code})`);
  }

  const policy = patch.policy !== undefined ? cleanPolicy(patch.policy) : undefined;
  if (policy !== undefined && policy.length > VENDOR_STORE_LIMITS.policy) errors.add('policy', MSG.vsPolicyTooLong);

  if (files.banner) {
    const { width, height } = await uprightSize(files.banner.bytes, MSG.vsImageType);
    if (width < VENDOR_STORE_LIMITS.bannerMinWidth || width < height * VENDOR_STORE_LIMITS.bannerRatio) errors.add('banner', MSG.vsBannerNotWide);
  }
  errors.throwIfAny();

  // Pictures first (all or nothing), then one update; a failed update removes the new files.
  const stored: Partial<Record<StorePicture, string>> = {};
  try {
    for (const key of Object.keys(PICTURES) as StorePicture[]) {
      const file = files[key];
      if (file) stored[key] = (await storeImage(ctx, file.bytes, PICTURES[key])).url;
    }
  } catch (err) {
    await Promise.all(Object.values(stored).map((url) => deleteUpload(ctx, url).catch(() => undefined)));
    throw err;
  }

  const set: Partial<VendorRow> = {};
  const replaced: string[] = [];
  for (const key of Object.keys(PICTURES) as StorePicture[]) {
    const next = stored[key] ?? (patch[REMOVE[key]] ? '' : undefined);
    if (next === undefined) continue;
    set[COLUMN[key]] = next;
    if (cur[COLUMN[key]] && cur[COLUMN[key]] !== next) replaced.push(cur[COLUMN[key]]);
  }
  if (patch.bio !== undefined) set.bio = patch.bio;
  if (policy !== undefined) set.policyHtml = policy;
  if (patch.gstin !== undefined) set.gstin = gstin || null;
  if (patch.pickupPincode !== undefined && place && pincode !== cur.pickupPincode) {
    // The store page shows the place; it follows the pickup point.
    Object.assign(set, { pickupPincode: pincode, city: place.district, state: place.state });
  }

  let row = cur;
  if (Object.keys(set).length) {
    try {
      row = await transaction(ctx.db, async (tx) => {
        const [updated] = await tx.update(vendors).set(set).where(eq(vendors.id, cur.id)).returning();
        await applicationFollowsStore(tx, userId, {
          ...(set.gstin !== undefined && set.gstin !== cur.gstin ? { gstin: set.gstin } : {}),
          ...(set.pickupPincode ? { pickup: { pincode: set.pickupPincode, city: set.city!, state: set.state! } } : {}),
        });
        return updated!;
      });
    } catch (err) {
      await Promise.all(Object.values(stored).map((url) => deleteUpload(ctx, url).catch(() => undefined)));
      throw err;
    }
    ctx.catalogueCache.invalidate();
    // After the commit: a failed delete leaves an unused file, never a store pointing at a missing one.
    await Promise.all(replaced.map((url) => deleteUpload(ctx, url).catch(() => undefined)));
  }
  return toVendorStore(row);
}
