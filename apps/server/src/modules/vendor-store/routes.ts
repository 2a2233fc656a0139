import { envelope, MSG, VENDOR_STORE_FIELDS, VENDOR_STORE_LIMITS, VENDOR_STORE_PICTURES, vendorStore, vendorStorePatch } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { imageRule, readUpload, type UploadPolicy } from '../media/uploads.ts';
import { fieldErrors } from '../vendor-products/service.ts';
import { getOwnStore, updateOwnStore, type StoreFiles } from './service.ts';

const tags = ['vendor: store'];
const security = [{ bearer: [] }];

const FORM: UploadPolicy = {
  fields: VENDOR_STORE_FIELDS,
  files: Object.fromEntries(VENDOR_STORE_PICTURES.map((f) => [f, imageRule({ tooLarge: MSG.vsImageTooLarge, wrongType: MSG.vsImageType })])),
  // The policy may be long rich text (multi-byte characters count 4 bytes at most).
  maxFieldBytes: VENDOR_STORE_LIMITS.policy * 4,
};

/**
 * The vendor console's store settings (issue 10): the vendor edits their own store's bio, return policy, banner,
 * size chart, avatar, pickup pincode and GSTIN. Vendors only (403 for other roles, 401 for guests). Vendor changes
 * are not written to the audit log, which records admins' changes (lib/audit.ts), as with vendor products.
 */
export const vendorStoreModule: Module = async (app, ctx) => {
  const vendor = requireAuth(ctx, ['vendor']);

  app.get(
    '/vendor/store',
    {
      preHandler: vendor,
      schema: { tags, security, summary: "The vendor's own store settings, with the private pickup pincode (and its place) and GSTIN", response: { 200: envelope(vendorStore) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await getOwnStore(ctx.db, currentUser(request).id));
    },
  );

  app.patch(
    '/vendor/store',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Edits the store (multipart; any subset of the fields)',
        description:
          `Fields: bio (plain text, ≤ ${VENDOR_STORE_LIMITS.bio} characters), policy (return and exchange policy, HTML, sanitised as product ` +
          'descriptions), pickupPincode (6 digits, in the India Post directory; the store\'s city and state follow it), gstin (optional, \'\' removes; ' +
          'check character, PAN = the seller application\'s, state code = the pickup pincode\'s state), removeBanner / removeSizeChart / removeAvatar ' +
          `('true'). Files: banner (≥ ${VENDOR_STORE_LIMITS.bannerMinWidth} px wide, ≥ ${VENDOR_STORE_LIMITS.bannerRatio}:1), sizeChart, avatar (cropped square): ` +
          'JPEG/PNG/WebP ≤ 5 MB (413/415), stored as WebP in several widths. 400 with a message per field. The store page and product pages show the change at once.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(vendorStore) },
      },
    },
    async (request) => {
      const { fields, files } = await readUpload(request, FORM);
      const parsed = vendorStorePatch.safeParse(fields);
      if (!parsed.success) {
        const errors = fieldErrors();
        errors.addZod(parsed.error);
        errors.throwIfAny();
      }
      const pictures: StoreFiles = {};
      for (const key of VENDOR_STORE_PICTURES) if (files[key]?.[0]) pictures[key] = files[key][0];
      return ok(await updateOwnStore(ctx, currentUser(request).id, parsed.data!, pictures), MSG.vsUpdated);
    },
  );
};
