import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  errorBody,
  MSG,
  objectId,
  VENDOR_IMPORT_LIMITS,
  VENDOR_PRODUCT_FIELDS,
  VENDOR_PRODUCT_LIMITS,
  vendorImportReport,
  vendorProduct,
  vendorProductForm,
  vendorProductList,
  vendorProductPatch,
  vendorProductQuery,
  vendorStockBody,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok, sendCached } from '../../lib/http.ts';
import { imageRule, readUpload, type FileRule, type UploadPolicy } from '../media/uploads.ts';
import { ImportRefused, importProducts, importTemplate } from './import.ts';
import {
  createProduct,
  fieldErrors,
  getVendorProduct,
  listVendorProducts,
  setPublished,
  setStock,
  softDelete,
  updateProduct,
  type FormFiles,
} from './service.ts';

const tags = ['vendor: products'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: objectId });

const picture = (maxCount: number): FileRule =>
  imageRule({ maxCount, tooLarge: MSG.vpImageTooLarge, wrongType: MSG.vpImageType, tooMany: MSG.vpImagesTooMany });

/**
 * The add and edit form (multipart): its text fields, `images` (1–5 product pictures) and `colorImages[i]` (the
 * pictures of colour i of a colour inventory). The description may be long rich text.
 */
const FORM: UploadPolicy = {
  fields: VENDOR_PRODUCT_FIELDS,
  files: {
    images: picture(VENDOR_PRODUCT_LIMITS.images),
    ...Object.fromEntries(Array.from({ length: VENDOR_PRODUCT_LIMITS.colors }, (_, i) => [`colorImages[${i}]`, picture(VENDOR_PRODUCT_LIMITS.colorImages)])),
  },
  maxFieldBytes: VENDOR_PRODUCT_LIMITS.description * 4,
};

function filesOf(files: Awaited<ReturnType<typeof readUpload>>['files']): FormFiles {
  const colorImages = new Map<number, NonNullable<(typeof files)[string]>>();
  for (const [field, list] of Object.entries(files)) {
    const m = /^colorImages\[(\d+)\]$/.exec(field);
    if (m) colorImages.set(Number(m[1]), list);
  }
  return { images: files.images ?? [], colorImages };
}

/** Reads the form and checks its text fields with `schema`: every field's message in `errors`, the first as headline. */
async function readForm<S extends typeof vendorProductForm | typeof vendorProductPatch>(request: FastifyRequest, schema: S) {
  const { fields, files } = await readUpload(request, FORM);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors();
    errors.addZod(parsed.error);
    errors.throwIfAny();
  }
  return { body: parsed.data as z.output<S>, files: filesOf(files) };
}

/** The import's one file: a CSV (UTF-8 text, told by content) up to 2 MB. */
const IMPORT_FORM: UploadPolicy = {
  files: {
    file: { maxCount: 1, maxBytes: VENDOR_IMPORT_LIMITS.bytes, kinds: ['csv'], tooLarge: MSG.vpImportTooLarge, wrongType: MSG.vpImportNotCsv, tooMany: MSG.vpImportFileRequired },
  },
};

/**
 * The vendor console's products (issue 10): a vendor manages their own products only. Another role gets 403, another
 * vendor's product 403, an unknown or deleted one 404. Every write bumps the catalogue version (database triggers,
 * and the in-process cache is told), so listings and search show the change at once.
 */
export const vendorProductsModule: Module = async (app, ctx) => {
  const vendor = requireAuth(ctx, ['vendor']);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/vendor/my-products',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: "The vendor's own products (not deleted), newest first, with stock totals",
        description: `search (name, keywords), status published|unpublished|all, categoryId, stock low (1–5 left in all) or out; page, pageSize (20).`,
        querystring: vendorProductQuery,
        response: { 200: envelope(vendorProductList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const vendorId = currentUser(request).id;
      const query = request.query;
      // The stock filters' answers change with any of the vendor's stock: counted afresh every time.
      if (query.stock) return ok(await listVendorProducts(ctx.db, vendorId, query));
      // Otherwise the page changes only with the catalogue (names, prices, publishing, deletions: every cached
      // answer goes) or with the stock or sales of a product it shows (that answer goes), as the catalogue's own
      // answers do (ADR 002), so a vendor paging through thousands of products costs the database nothing twice (ADR 033).
      return sendCached(reply, ctx.catalogueCache, `vendor/my-products ${vendorId}`, query, () => listVendorProducts(ctx.db, vendorId, query), { quantities: true });
    },
  );

  app.get(
    '/vendor/my-products/import/template',
    { preHandler: vendor, schema: { tags, security, summary: 'The bulk import CSV template: every column, and two example rows', produces: ['text/csv'] } },
    async (_request, reply) => {
      reply
        .headers({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="statewise-products-template.csv"' })
        .send(await importTemplate(ctx));
      return reply;
    },
  );

  app.post(
    '/vendor/my-products/import',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Bulk import from CSV (multipart `file`): dryRun=1 checks only; otherwise writes every row or none',
        description:
          `One CSV (UTF-8; a BOM, CRLF and quoted fields are fine) up to 2 MB (413) and ${VENDOR_IMPORT_LIMITS.rows} products (413); other content 415. ` +
          'Each row is checked with the add form\'s rules and messages; the report lists {row, column, message} (the header is row 1). ' +
          'Without dryRun the products are created as drafts (unpublished, no pictures) only if no row has a problem: 201 with `created`, ' +
          'else 422 with the same report in `data` and nothing written.',
        consumes: ['multipart/form-data'],
        querystring: z.object({ dryRun: z.enum(['1', 'true', '0', 'false']).optional() }),
        response: { 200: envelope(vendorImportReport), 201: envelope(vendorImportReport), 422: errorBody.extend({ data: vendorImportReport }) },
      },
    },
    async (request, reply) => {
      const { files } = await readUpload(request, IMPORT_FORM);
      const file = files.file?.[0];
      if (!file) throw badRequest(MSG.vpImportFileRequired, { file: MSG.vpImportFileRequired });
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      try {
        const report = await importProducts(ctx, currentUser(request).id, file.bytes, dryRun);
        if (dryRun) return ok(report, report.errors.length ? MSG.vpImportHasErrors : MSG.vpImportChecked);
        return reply.status(201).send(ok(report, MSG.vpImported));
      } catch (err) {
        // The report goes with the refusal, so the screen can show every row at fault.
        if (err instanceof ImportRefused) return reply.status(422).send({ success: false as const, message: err.message, data: err.report });
        throw err;
      }
    },
  );

  app.get(
    '/vendor/my-products/:id',
    { preHandler: vendor, schema: { tags, security, summary: 'One of the vendor’s products, for the edit form', params: idParam, response: { 200: envelope(vendorProduct) } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await getVendorProduct(ctx.db, currentUser(request).id, request.params.id));
    },
  );

  app.post(
    '/vendor/my-products',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Adds a product (multipart); 201, published',
        description:
          'Fields: name, description (HTML, sanitised), categoryId, subcategoryId (of that category), styleId (optional), stateId, price, offeredPrice (≤ price; ' +
          'discount = round((price − offered) / price × 100)), inventory (JSON: {type:"free",quantity} | {type:"sizes",sizes:[{size,quantity}]} | ' +
          '{type:"colors",colors:[{color,quantity}]}), metaDescription, metaKeywords (comma list). Files: images (1–5), colorImages[i] (1–5 per colour). ' +
          'JPEG/PNG/WebP ≤ 5 MB (413/415), stored as WebP in several widths. 400 with a message per field.',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(vendorProduct) },
      },
    },
    async (request, reply) => {
      const { body, files } = await readForm(request, vendorProductForm);
      const product = await createProduct(ctx, currentUser(request).id, body, files);
      return reply.status(201).send(ok(product, MSG.vpCreated));
    },
  );

  app.patch(
    '/vendor/my-products/:id',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Edits a product (multipart; any field of the add form)',
        description:
          'keepImages: JSON list of the current picture URLs to keep, in order (absent: all kept); new `images` files are added after them; 1–5 in all. ' +
          'A colour of `inventory` may list `images` it keeps. Pictures no longer used are deleted.',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(vendorProduct) },
      },
    },
    async (request) => {
      const { body, files } = await readForm(request, vendorProductPatch);
      return ok(await updateProduct(ctx, currentUser(request).id, request.params.id, body, files), MSG.vpUpdated);
    },
  );

  app.patch(
    '/vendor/my-products/:id/stock',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Sets stock in place: quantity (free size), sizes [{size, quantity}] or colors [{_id, quantity}]; never negative',
        params: idParam,
        body: vendorStockBody,
        response: { 200: envelope(vendorProduct) },
      },
    },
    async (request) => ok(await setStock(ctx, currentUser(request).id, request.params.id, request.body), MSG.vpStockUpdated),
  );

  app.post(
    '/vendor/my-products/:id/publish',
    { preHandler: vendor, schema: { tags, security, summary: 'Publishes: the product shows in the catalogue', params: idParam, response: { 200: envelope(vendorProduct) } } },
    async (request) => ok(await setPublished(ctx, currentUser(request).id, request.params.id, true), MSG.vpPublished),
  );

  app.post(
    '/vendor/my-products/:id/unpublish',
    {
      preHandler: vendor,
      schema: { tags, security, summary: 'Unpublishes: hidden from listings, search, product pages and new cart adds', params: idParam, response: { 200: envelope(vendorProduct) } },
    },
    async (request) => ok(await setPublished(ctx, currentUser(request).id, request.params.id, false), MSG.vpUnpublished),
  );

  app.delete(
    '/vendor/my-products/:id',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'Deletes (soft): gone from the catalogue and the vendor’s list; orders and invoices keep it',
        params: idParam,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      await softDelete(ctx, currentUser(request).id, request.params.id);
      return ok({ _id: request.params.id }, MSG.vpDeleted);
    },
  );
};
