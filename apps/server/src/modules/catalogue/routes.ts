import { z } from 'zod';
import {
  banner,
  baseState,
  category,
  crazyDeal,
  envelope,
  festiveOffer,
  festiveOfferBody,
  objectId,
  slugParam,
  state,
  style,
  subcategory,
  subcategoryCard,
  vendorCard,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { bodyOrEmpty, sendCached } from '../../lib/http.ts';
import {
  baseStates,
  listBanners,
  listCategories,
  listCrazyDeals,
  listFestiveOffers,
  listStates,
  listStyles,
  listSubcategoryCards,
  listVendorSection,
  stateByIdOrSlug,
  subcategoriesOf,
} from './service.ts';

const tags = ['catalogue'];
/** List calls take no options; a missing or empty body is fine and anything in it is ignored. */
const noOptions = bodyOrEmpty(z.object({}));

/** Categories, styles, states, subcategories and the home merchandising (shopping spec §7 Catalogue). */
export const catalogueModule: Module = (app, ctx) => {
  const cache = ctx.catalogueCache;
  const db = ctx.db;

  app.post(
    '/category/list',
    {
      schema: {
        tags,
        summary: 'Categories with their subcategories (the hidden Combo category never shows)',
        body: noOptions,
        response: { 200: envelope(z.array(category)) },
      },
    },
    async (_request, reply) => sendCached(reply, cache, 'category/list', null, () => listCategories(db)),
  );

  app.post(
    '/style/list',
    { schema: { tags, summary: 'Styles', body: noOptions, response: { 200: envelope(z.array(style)) } } },
    async (_request, reply) => sendCached(reply, cache, 'style/list', null, () => listStyles(db)),
  );

  app.post(
    '/state/list',
    { schema: { tags, summary: 'States and union territories (regions)', body: noOptions, response: { 200: envelope(z.array(state)) } } },
    async (_request, reply) => sendCached(reply, cache, 'state/list', null, () => listStates(db)),
  );

  app.get(
    '/state/:stateId',
    {
      schema: {
        tags,
        summary: 'One state (slogan, image, video) by id or slug',
        params: z.object({ stateId: slugParam }),
        response: { 200: envelope(state) },
      },
    },
    async (request, reply) => sendCached(reply, cache, 'state', request.params.stateId, () => stateByIdOrSlug(db, request.params.stateId)),
  );

  app.get(
    '/admin/baseStates',
    { schema: { tags, summary: 'Every state and union territory by name, for forms', response: { 200: envelope(z.array(baseState)) } } },
    async (_request, reply) => sendCached(reply, cache, 'admin/baseStates', null, () => baseStates(db)),
  );

  app.get(
    '/subcategory/category/:slug',
    {
      schema: {
        tags,
        summary: 'The subcategories of a category, by the category’s slug',
        params: z.object({ slug: slugParam }),
        response: { 200: envelope(z.array(subcategory)) },
      },
    },
    async (request, reply) => sendCached(reply, cache, 'subcategory/category', request.params.slug, () => subcategoriesOf(db, { slug: request.params.slug })),
  );

  app.get(
    '/subcategory/category-by-id/:categoryId',
    {
      schema: {
        tags,
        summary: 'The subcategories of a category, by the category’s id',
        params: z.object({ categoryId: objectId }),
        response: { 200: envelope(z.array(subcategory)) },
      },
    },
    async (request, reply) =>
      sendCached(reply, cache, 'subcategory/category-by-id', request.params.categoryId, () => subcategoriesOf(db, { id: request.params.categoryId })),
  );

  app.post(
    '/banner/list',
    { schema: { tags, summary: 'Home banners', body: noOptions, response: { 200: envelope(z.array(banner)) } } },
    async (_request, reply) => sendCached(reply, cache, 'banner/list', null, () => listBanners(db, 'home')),
  );

  app.post(
    '/communityBanner/list',
    { schema: { tags, summary: 'Community banners', body: noOptions, response: { 200: envelope(z.array(banner)) } } },
    async (_request, reply) => sendCached(reply, cache, 'communityBanner/list', null, () => listBanners(db, 'community')),
  );

  app.post(
    '/festiveOffer/list',
    {
      schema: {
        tags,
        summary: 'Festive offers (all, or of one status)',
        body: bodyOrEmpty(festiveOfferBody),
        response: { 200: envelope(z.array(festiveOffer)) },
      },
    },
    async (request, reply) => {
      const status = request.body.status;
      return sendCached(reply, cache, 'festiveOffer/list', status ?? null, () => listFestiveOffers(db, status));
    },
  );

  app.get(
    '/crazydeals',
    { schema: { tags, summary: 'Crazy deals', response: { 200: envelope(z.array(crazyDeal)) } } },
    async (_request, reply) => sendCached(reply, cache, 'crazydeals', null, () => listCrazyDeals(db)),
  );

  app.get(
    '/subcategory-cards',
    { schema: { tags, summary: 'Home subcategory cards', response: { 200: envelope(z.array(subcategoryCard)) } } },
    async (_request, reply) => sendCached(reply, cache, 'subcategory-cards', null, () => listSubcategoryCards(db)),
  );

  app.get(
    '/vendor-section',
    { schema: { tags, summary: 'Featured vendors of the home page', response: { 200: envelope(z.array(vendorCard)) } } },
    async (_request, reply) => sendCached(reply, cache, 'vendor-section', null, () => listVendorSection(db)),
  );
};
