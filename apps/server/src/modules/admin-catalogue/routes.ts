import { z } from 'zod';
import {
  adminCatalogueItem,
  adminProductList,
  adminProductQuery,
  adminProductRow,
  CATALOGUE_IMAGE_FIELDS,
  CATALOGUE_TEXT_FIELDS,
  catalogueKind,
  catalogueOrderBody,
  catalogueVisibilityBody,
  envelope,
  festiveOfferProductBody,
  objectId,
  page,
  trendingBody,
  type CatalogueKind,
} from '@statewise/contract';
import type { FastifyRequest } from 'fastify';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { imageRule, readUpload } from '../media/uploads.ts';
import {
  createItem,
  deleteItem,
  listFestiveOfferProducts,
  listKind,
  listProductsForTrending,
  reorder,
  setFestiveOfferProduct,
  setHidden,
  setTrending,
  updateItem,
  type CatalogueFiles,
} from './service.ts';

const tags = ['admin: catalogue'];
const security = [{ bearer: [] }];
const kindParam = z.object({ kind: catalogueKind });
const itemParams = z.object({ kind: catalogueKind, id: objectId });

const PICTURE_TYPE = 'Please upload a JPEG, PNG or WebP picture';
const PICTURE_SIZE = 'Please upload a picture of at most 5 MB';

/** Reads a create or edit form: its text fields and the kind's pictures (JPEG, PNG or WebP ≤ 5 MB; 413/415 otherwise). */
async function readForm(request: FastifyRequest, kind: CatalogueKind) {
  const fileFields = CATALOGUE_IMAGE_FIELDS[kind];
  const { fields, files } = await readUpload(request, {
    fields: CATALOGUE_TEXT_FIELDS,
    files: Object.fromEntries(fileFields.map((f) => [f, imageRule({ tooLarge: PICTURE_SIZE, wrongType: PICTURE_TYPE })])),
    json: true,
  });
  const picked: CatalogueFiles = {};
  for (const f of fileFields) if (files[f]?.[0]) picked[f] = files[f][0];
  return { fields, files: picked };
}

const FORM_HELP =
  'Fields by kind — categories: name, slug, gstRate (0, 5, 12, 18, 28), hsnCode, hidden; subcategories: categoryId, name, slug, hidden; ' +
  'styles: name, slug, description, hidden; states: name, slug, slogan, video (https URL), hidden; banners: placement (home|community), name (title), link, hidden; ' +
  'festiveOffers: name (title), slug, hidden (= status inactive); crazyDeals: name (title), subtitle, discount (0–90), link, hidden; subcategoryCards: subcategoryId, name (title), hidden; ' +
  'vendorSection: vendorUserId, place, description, hidden. ' +
  'Files: image (banners also mobileImage; required for banners, crazy deals, cards and featured vendors), JPEG/PNG/WebP ≤ 5 MB (413/415), stored as WebP in several widths. A slug left out is made from the name. ' +
  '409 when the slug (a state: also its name) is taken.';

/**
 * The admin console's catalogue (issue 11; web: features/admin/catalogue): categories, subcategories, styles, states,
 * banners, festive offers, crazy deals, subcategory cards and the vendor section, and the products' trending flag. Admin only (guest 401, user and vendor 403); every change is audited
 * in its transaction and bumps the catalogue version (database triggers; this process's cache is told at once), so
 * the public lists show it on the next request.
 */
export const adminCatalogueModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);
  const noStore = { 'cache-control': 'private, no-store' };

  // Registered before /:kind so that "products" is not read as a kind.
  app.get(
    '/admin/catalogue/products',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Products for the trending flag: search by name, trending only or not, newest first, 20 a page',
        querystring: adminProductQuery,
        response: { 200: envelope(adminProductList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listProductsForTrending(ctx.db, request.query));
    },
  );

  app.patch(
    '/admin/catalogue/products/:id/trending',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Marks a product trending or not (the home strip and /product/trendingproducts)',
        params: z.object({ id: objectId }),
        body: trendingBody,
        response: { 200: envelope(adminProductRow) },
      },
    },
    async (request) => {
      const row = await setTrending(ctx, currentUser(request).id, request.params.id, request.body.trending);
      return ok(row, request.body.trending ? 'Marked trending' : 'No longer trending');
    },
  );

  const offerParams = z.object({ id: objectId });
  app.get(
    '/admin/catalogue/festiveOffers/:id/products',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'The products in a festive offer’s collection, by name, 20 a page, with their first picture and vendor',
        params: offerParams,
        querystring: z.object({ page: page.default(1) }),
        response: { 200: envelope(adminProductList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listFestiveOfferProducts(ctx.db, request.params.id, request.query.page));
    },
  );
  app.post(
    '/admin/catalogue/festiveOffers/:id/products',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Puts a product in a festive offer (found with GET admin/catalogue/products?q=); adding it again changes nothing',
        params: offerParams,
        body: festiveOfferProductBody,
        response: { 200: envelope(adminProductRow) },
      },
    },
    async (request) => ok(await setFestiveOfferProduct(ctx, currentUser(request).id, request.params.id, request.body.productId, true), 'Added to the offer'),
  );
  app.delete(
    '/admin/catalogue/festiveOffers/:id/products/:productId',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Takes a product out of a festive offer',
        params: z.object({ id: objectId, productId: objectId }),
        response: { 200: envelope(adminProductRow) },
      },
    },
    async (request) => ok(await setFestiveOfferProduct(ctx, currentUser(request).id, request.params.id, request.params.productId, false), 'Taken out of the offer'),
  );

  app.get(
    '/admin/catalogue/:kind',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Every entry of a kind, hidden ones too, in the site’s order, with how many products use it',
        params: kindParam,
        querystring: z.object({ categoryId: objectId.optional() }),
        response: { 200: envelope(z.array(adminCatalogueItem)) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listKind(ctx.db, request.params.kind, request.query));
    },
  );

  app.post(
    '/admin/catalogue/:kind',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Adds an entry at the end of its list (multipart, or JSON without pictures); 201', description: FORM_HELP, params: kindParam, response: { 201: envelope(adminCatalogueItem) } },
    },
    async (request, reply) => {
      const { fields, files } = await readForm(request, request.params.kind);
      const item = await createItem(ctx, currentUser(request).id, request.params.kind, fields, files);
      return reply.status(201).send(ok(item, 'Added'));
    },
  );

  app.patch(
    '/admin/catalogue/:kind/:id',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Edits an entry: any field of the add form; a new picture replaces the old', description: FORM_HELP, params: itemParams, response: { 200: envelope(adminCatalogueItem) } },
    },
    async (request) => {
      const { fields, files } = await readForm(request, request.params.kind);
      return ok(await updateItem(ctx, currentUser(request).id, request.params.kind, request.params.id, fields, files), 'Saved');
    },
  );

  app.post(
    '/admin/catalogue/:kind/order',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Sets the order: the ids given take places 1, 2, 3…; answers the whole list',
        params: kindParam,
        body: catalogueOrderBody,
        response: { 200: envelope(z.array(adminCatalogueItem)) },
      },
    },
    async (request) => ok(await reorder(ctx, currentUser(request).id, request.params.kind, request.body.ids), 'Order saved'),
  );

  app.patch(
    '/admin/catalogue/:kind/:id/visibility',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Hides an entry from the public site, or shows it again', params: itemParams, body: catalogueVisibilityBody, response: { 200: envelope(adminCatalogueItem) } },
    },
    async (request) => ok(await setHidden(ctx, currentUser(request).id, request.params.kind, request.params.id, request.body.hidden), request.body.hidden ? 'Hidden' : 'Shown'),
  );

  app.delete(
    '/admin/catalogue/:kind/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Deletes an entry; 409 while products use it (hide it instead)',
        params: itemParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      await deleteItem(ctx, currentUser(request).id, request.params.kind, request.params.id);
      return ok({ _id: request.params.id }, 'Deleted');
    },
  );
};
