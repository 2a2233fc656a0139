import { z } from 'zod';
import {
  envelope,
  productCard,
  productListBody,
  productListResult,
  productPage,
  productStripQuery,
  similarBody,
  similarResult,
  slugParam,
  suggestion,
  suggestionBody,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { bodyOrEmpty, sendCached } from '../../lib/http.ts';
import { cachedCounts, listingScope } from './listing.ts';
import { listProducts, productBySlug, similarProducts, suggestions, topSelling, trending } from './service.ts';

const tags = ['products'];

/** Product list, search, suggestions, detail, similar products and the home strips (shopping spec §7 Catalogue). */
export const productsModule: Module = (app, ctx) => {
  const cache = ctx.catalogueCache;

  app.post(
    '/product/list',
    {
      schema: {
        tags,
        summary: 'Products by the listing filters (new arrivals when none), paged',
        description:
          'Filters of API.md "Listing filters"; empty strings and null count as unset. Order: products in stock first, ' +
          'sold-out ones after them; within each priceSort, then sort, ' +
          'else best sellers for isTopSelling (which also keeps only products that have sold), relevance for search, ' +
          'else newest first; ties by newest then id. search is full-text (every word, the last as a prefix) with a ' +
          'typo-tolerant fallback when nothing matches.',
        body: bodyOrEmpty(productListBody),
        response: { 200: envelope(productListResult) },
      },
    },
    async (request, reply) => {
      const { page, pageSize, ...filters } = request.body;
      return sendCached(
        reply,
        cache,
        'product/list',
        request.body,
        () => listProducts(ctx.db, { filters, page, pageSize }, cachedCounts(cache)),
        listingScope(filters),
      );
    },
  );

  app.get(
    '/product/topSelling',
    {
      schema: {
        tags,
        summary: 'Best sellers (products that have sold), by sales count, sold-out ones last',
        querystring: productStripQuery,
        response: { 200: envelope(z.array(productCard)) },
      },
    },
    // best sellers follow every sale, and sold-out ones come last
    async (request, reply) =>
      sendCached(reply, cache, 'product/topSelling', request.query, () => topSelling(ctx.db, request.query.limit), { sales: true, inStockOrder: true }),
  );

  app.get(
    '/product/trendingProducts',
    {
      schema: {
        tags,
        summary: 'Trending products, newest first, sold-out ones last',
        querystring: productStripQuery,
        response: { 200: envelope(z.array(productCard)) },
      },
    },
    async (request, reply) =>
      sendCached(reply, cache, 'product/trendingProducts', request.query, () => trending(ctx.db, request.query.limit), { inStockOrder: { trending: true } }),
  );

  app.post(
    '/product/search-sugggestion',
    {
      schema: {
        tags,
        summary: 'Up to 10 products by name for the header search (typo tolerant)',
        description: 'Names starting with the text first, then names with a word starting with it, then close matches.',
        body: suggestionBody,
        response: { 200: envelope(z.array(suggestion)) },
      },
    },
    async (request, reply) => {
      const search = request.body.search.toLowerCase();
      // ranked by sales among equally close names
      return sendCached(reply, cache, 'product/search-sugggestion', search, () => suggestions(ctx.db, search), { sales: true });
    },
  );

  app.post(
    '/product/similar-products',
    {
      schema: {
        tags,
        summary: 'Up to 10 each: same subcategory (topped up from the category), same style, same vendor',
        description: 'Never the product itself. Ids given in the body override the product’s own. 404 for an unknown product.',
        body: similarBody,
        response: { 200: envelope(similarResult) },
      },
    },
    // sold-out products come last in each list
    async (request, reply) =>
      sendCached(reply, cache, 'product/similar-products', request.body, () => similarProducts(ctx.db, request.body), { inStockOrder: true }),
  );

  app.get(
    '/product/:slug',
    {
      schema: {
        tags,
        summary: 'A product by slug with its vendor’s public details',
        description: '404 "Product not found" for an unknown or inactive product. vendorDetails is empty when the vendor is not approved.',
        params: z.object({ slug: slugParam }),
        response: { 200: envelope(productPage) },
      },
    },
    // shows quantities, the sales count and the rating
    async (request, reply) => sendCached(reply, cache, 'product', request.params.slug, () => productBySlug(ctx.db, request.params.slug), { quantities: true }),
  );
};
