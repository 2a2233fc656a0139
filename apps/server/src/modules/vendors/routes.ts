import { z } from 'zod';
import { envelope, productListResult, slugParam, vendorDetails, vendorDirectoryBody, vendorDirectoryResult, vendorProductsBody } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { bodyOrEmpty, sendCached } from '../../lib/http.ts';
import { cachedCounts, listingScope } from '../products/listing.ts';
import { vendorBySlug, vendorDirectory, vendorProducts } from './service.ts';

const tags = ['vendors'];

/** Vendor stores and the public vendor directory (shopping spec §2 Vendor store, §7 Catalogue). */
export const vendorsModule: Module = (app, ctx) => {
  const cache = ctx.catalogueCache;

  app.get(
    '/vendor/slug/:vendorSlug',
    {
      schema: {
        tags,
        summary: 'An approved vendor’s public store details by store slug',
        description: '404 "Vendor not found" for an unknown slug or a vendor not (yet) approved.',
        params: z.object({ vendorSlug: slugParam }),
        response: { 200: envelope(vendorDetails) },
      },
    },
    async (request, reply) => {
      const slug = request.params.vendorSlug;
      return sendCached(reply, cache, 'vendor/slug', slug, () => vendorBySlug(ctx.db, slug));
    },
  );

  app.post(
    '/vendor/products/list',
    {
      schema: {
        tags,
        summary: 'A vendor’s products (userId = the vendor’s user id), paged, with the listing filters',
        body: vendorProductsBody,
        response: { 200: envelope(productListResult) },
      },
    },
    async (request, reply) => {
      const { userId, page, pageSize, ...filters } = request.body;
      return sendCached(
        reply,
        cache,
        'vendor/products/list',
        request.body,
        () => vendorProducts(ctx.db, { userId, filters, page, pageSize }, cachedCounts(cache)),
        listingScope({ ...filters, vendorId: userId }),
      );
    },
  );

  app.post(
    '/admin/vendors',
    {
      schema: {
        tags,
        summary: 'The public vendor directory (Meet Our Stalwarts): approved vendors by name, paged, optional search',
        body: bodyOrEmpty(vendorDirectoryBody),
        response: { 200: envelope(vendorDirectoryResult) },
      },
    },
    async (request, reply) => sendCached(reply, cache, 'admin/vendors', request.body, () => vendorDirectory(ctx.db, request.body)),
  );
};
