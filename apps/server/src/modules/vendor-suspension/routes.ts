import { z } from 'zod';
import { adminStore, adminStoreList, adminStoreQuery, envelope, MSG, objectId, suspendStoreBody, vendorSuspension } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { listStores, restoreStore, suspendStore, suspensionOf } from './service.ts';

const security = [{ bearer: [] }];
const idParam = z.object({ id: objectId });
const noStore = { 'cache-control': 'private, no-store' };

/**
 * Vendor suspension (issue 11, ADR 025). `admin/stores…` because `POST admin/vendors` is the spec's public vendor
 * directory. Admin calls: 401 for a guest, 403 for a user or vendor; every change audited.
 */
export const vendorSuspensionModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);
  const vendor = requireAuth(ctx, ['vendor']);
  const tags = ['admin: vendors'];

  app.get(
    '/admin/stores',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Approved stores, newest first, 20 a page: search by brand, seller, slug, mobile or e-mail; live or suspended',
        querystring: adminStoreQuery,
        response: { 200: envelope(adminStoreList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listStores(ctx.db, request.query));
    },
  );

  app.post(
    '/admin/stores/:id/suspend',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Suspends a store: its products leave the site, its store page says it is unavailable; open orders go on',
        description: 'A reason (1–300 characters) is required; the vendor sees it in the console. 404 unknown store, 409 already suspended.',
        params: idParam,
        body: suspendStoreBody,
        response: { 200: envelope(adminStore) },
      },
    },
    async (request) => {
      const store = await suspendStore(ctx.db, currentUser(request).id, request.params.id, request.body.reason);
      ctx.catalogueCache.invalidate();
      return ok(store, MSG.storeSuspended);
    },
  );

  app.post(
    '/admin/stores/:id/restore',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Restores a suspended store and puts its products back on the site', description: '409 when it is not suspended.', params: idParam, response: { 200: envelope(adminStore) } },
    },
    async (request) => {
      const store = await restoreStore(ctx.db, currentUser(request).id, request.params.id);
      ctx.catalogueCache.invalidate();
      return ok(store, MSG.storeRestored);
    },
  );

  app.get(
    '/vendor/suspension',
    {
      preHandler: vendor,
      schema: { tags: ['vendor console'], security, summary: 'Whether the caller’s store is suspended, since when and why (the console’s banner)', response: { 200: envelope(vendorSuspension) } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await suspensionOf(ctx.db, currentUser(request).id));
    },
  );
};
