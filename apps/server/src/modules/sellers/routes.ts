import { checkSellerResult, envelope, ROLES } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { sellerRecords } from './service.ts';

const tags = ['sellers'];

/** Seller registration (accounts §2.4, §7 Profile and seller); today the record the profile and header read. */
export const sellersModule: Module = async (app, ctx) => {
  app.get(
    '/user/checkSeller',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: "The signed-in person's seller record: [] if they never applied, else [{registrationCompletionStep}] (1 awaiting approval, 2 approved)",
        security: [{ bearer: [] }],
        response: { 200: envelope(checkSellerResult) },
      },
    },
    async (request, reply) => {
      // Per person and changed by approval: never from a shared cache.
      reply.header('cache-control', 'private, no-store');
      return ok(await sellerRecords(ctx.db, currentUser(request).id));
    },
  );
};
