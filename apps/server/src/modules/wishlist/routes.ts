import {
  envelope,
  MSG,
  wishlistAddBody,
  wishlistBulkAddBody,
  wishlistBulkAddResult,
  wishlistRemoveBody,
  wishlistResult,
  ROLES,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { addToWishlist, bulkAddWishlist, listWishlist, removeFromWishlist } from './service.ts';

const tags = ['wishlist'];
const security = [{ bearer: [] }];
const LIST = 'data.wishlist: the entries after the change, newest first (products taken off sale are hidden).';

/** The wishlist (shopping §7 Wishlist): login needed (any signed-in role; guests keep guestWishlist locally). */
export const wishlistModule: Module = (app, ctx) => {
  const auth = requireAuth(ctx, ROLES.signedIn);
  const list = async (userId: string) => ({ wishlist: await listWishlist(ctx.db, userId) });

  app.get(
    '/user/wishlist',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'The wishlist',
        description: `${LIST} Each productId is a product card with freeSizeQty, sizeInventory and colorInventory (for the size picker).`,
        response: { 200: envelope(wishlistResult) },
      },
    },
    async (request) => ok(await list(currentUser(request).id)),
  );

  app.post(
    '/user/wishlist',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Adds a product to the wishlist',
        description:
          "A colour product needs a colour it lists (400 'Please select color' / 'This colour is not available for " +
          "this product') and keeps it with its picture. 404 'Product not found' for an unknown or off-sale product. " +
          'Adding a product already there updates its colour and picture (200) instead of duplicating it; a new ' +
          `entry is 201. 409 when the wishlist holds 200 products. isColorOptions is accepted and ignored. ${LIST}`,
        body: wishlistAddBody,
        response: { 200: envelope(wishlistResult), 201: envelope(wishlistResult) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const created = await addToWishlist(ctx.db, userId, request.body);
      return reply.status(created ? 201 : 200).send(ok(await list(userId), MSG.wishlistAdded));
    },
  );

  app.patch(
    '/user/wishlist',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Removes a product from the wishlist',
        description: `404 'This product is not in your wishlist' when it is not (in the caller’s). ${LIST}`,
        body: wishlistRemoveBody,
        response: { 200: envelope(wishlistResult) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await removeFromWishlist(ctx.db, userId, request.body.productId);
      return ok(await list(userId), MSG.wishlistRemoved);
    },
  );

  app.post(
    '/user/wishlist/bulkAdd',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Merges the guest wishlist into the wishlist (login)',
        description:
          'items: up to 50 guest entries, each read like a POST user/wishlist body and judged on its own in one ' +
          'transaction: results[i].status added, exists (already there; colour and picture updated) or skipped ' +
          `(message says why). ${LIST}`,
        body: wishlistBulkAddBody,
        response: { 200: envelope(wishlistBulkAddResult) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const results = await bulkAddWishlist(ctx.db, userId, request.body.items);
      return ok({ ...(await list(userId)), results }, MSG.wishlistMerged);
    },
  );
};
