import { z } from 'zod';
import {
  cartAddBody,
  cartAddResult,
  cartBulkAddBody,
  cartBulkAddResult,
  cartCount,
  cartDeleteBody,
  cartProductParams,
  cartSummary,
  cartUpdateBody,
  cartVariantBody,
  envelope,
  MSG,
  productCard,
  shippingPriceBody,
  shippingPriceResult,
  ROLES,
} from '@statewise/contract';
import type { AppContext, Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { bodyOrEmpty, ok } from '../../lib/http.ts';
import { pincodeDirectory } from '../../lib/pincode/index.ts';
import { shippingCharges } from './pricing.ts';
import {
  addToCart,
  bulkAdd,
  cartCount as countCart,
  decrementLine,
  deleteLine,
  incrementLine,
  pricedLine,
  readCart,
  removeProductLine,
  setLineQuantity,
  similarToCart,
} from './service.ts';
import { toCartSummary } from './serialize.ts';

const tags = ['cart'];
const security = [{ bearer: [] }];

const LIMITS =
  'A line holds 1–10 pieces and never more than the stock of its size, colour or free-size quantity. ' +
  "409 'Product is out of stock now' when not one more fits the stock, 'Only N left in stock' when some do.";
const SUMMARY =
  'Answers the cart after the change (as GET cart). Lines are live from the catalogue: a line that cannot be ' +
  'bought as it stands (off sale, or stock below its quantity) has outOfStock: true and availableQuantity, and is ' +
  'left out of subTotal, savings and grandTotal.';
const PICK =
  'The line is the product’s line of `size` (sized) or `color` (colour products) from the body; both may be left ' +
  "out when the cart holds one line of the product (else 400 'Please select size' / 'Please select color'). " +
  "404 'This item is no longer in your cart' when there is no such line.";

/**
 * The signed-in cart (shopping §7 Cart). Any signed-in role may have one: the spec gives the server cart to
 * users, and vendors get their guest cart merged at login too (accounts §4.3: only admins skip the merge);
 * nothing forbids an admin from shopping. Guests get 401 (their cart is local).
 */
export const cartModule: Module = (app, ctx: AppContext) => {
  const auth = requireAuth(ctx, ROLES.signedIn);
  const summary = async (userId: string) => toCartSummary(await readCart(ctx.db, userId));

  app.get(
    '/cart',
    { preHandler: auth, schema: { tags, security, summary: 'The cart with live prices and totals', description: SUMMARY, response: { 200: envelope(cartSummary) } } },
    async (request) => ok(await summary(currentUser(request).id)),
  );

  app.post(
    '/cart/add',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Adds a product (size or colour) to the cart',
        description:
          'One line per product + size (sized), product + colour (colour products) or product (free size); adding ' +
          "again adds to that line. quantity 1–10 (default 1; 400 'Cant add more than 10 items' above 10). " +
          "400 'Please select size' / 'Please select color' when the product needs one, 'This size is not " +
          "available for this product' / 'This colour is not available for this product' for one it does not list. " +
          "404 'Product not found' for an unknown or off-sale product. 409 'Cant add more than 10 items' when the " +
          `line would pass 10. ${LIMITS} isFreeSize and isColorOptions ('true'/'false' or booleans) are accepted and ` +
          'ignored: the catalogue says what kind of product it is. image is kept when it is one of the product’s ' +
          '(or the colour’s) pictures, else the colour’s or product’s first. 201 for a new line, 200 when added to ' +
          'an existing one; data is the cart plus cartId and quantity of that line. Two adds at once (two tabs) can ' +
          'never pass either limit.',
        body: cartAddBody,
        response: { 200: envelope(cartAddResult), 201: envelope(cartAddResult) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const added = await addToCart(ctx.db, userId, request.body);
      const data = { ...(await summary(userId)), cartId: added.lineId, quantity: added.quantity };
      return reply.status(added.created ? 201 : 200).send(ok(data, MSG.addedToCart));
    },
  );

  app.patch(
    '/cart/update',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Sets the quantity of a cart line',
        description:
          "quantity 1–10: 400 'Quantity cannot be more than 10' / 'Quantity cannot be less than 1'. Raising it past " +
          "the stock is a 409 ('Product is out of stock now' or 'Only N left in stock'); lowering is always allowed. " +
          "404 'This item is no longer in your cart' for a line that is not the caller’s (or not of productId, " +
          `when given). ${SUMMARY}`,
        body: cartUpdateBody,
        response: { 200: envelope(cartSummary) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setLineQuantity(ctx.db, userId, request.body);
      return ok(await summary(userId), MSG.cartUpdated);
    },
  );

  app.delete(
    '/cart/delete',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Removes a cart line by id',
        description: `404 'This item is no longer in your cart' for a line that is not the caller’s. ${SUMMARY}`,
        body: cartDeleteBody,
        response: { 200: envelope(cartSummary) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await deleteLine(ctx.db, userId, request.body);
      return ok(await summary(userId), MSG.removedFromCart);
    },
  );

  // One product's line, picked by size or colour: one more piece, one fewer, or the line removed.
  const lineRoutes = [
    {
      method: 'PATCH',
      url: '/cart/increment/:productId',
      summary: 'One more piece of a product’s cart line',
      description: `${PICK} 409 'Cant add more than 10 quantities' at 10. ${LIMITS} ${SUMMARY}`,
      change: incrementLine,
      message: MSG.cartUpdated,
    },
    {
      method: 'PATCH',
      url: '/cart/decrement/:productId',
      summary: 'One piece fewer of a product’s cart line',
      description: `${PICK} 409 'Quantity cannot be less than 1' at 1 (remove the line instead). ${SUMMARY}`,
      change: decrementLine,
      message: MSG.cartUpdated,
    },
    {
      method: 'DELETE',
      url: '/cart/remove/:productId',
      summary: 'Removes a product’s cart line',
      description: `${PICK} ${SUMMARY}`,
      change: removeProductLine,
      message: MSG.removedFromCart,
    },
  ] as const;
  for (const r of lineRoutes) {
    app.route({
      method: r.method,
      url: r.url,
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: r.summary,
        description: r.description,
        params: cartProductParams,
        body: bodyOrEmpty(cartVariantBody),
        response: { 200: envelope(cartSummary) },
      },
      handler: async (request) => {
        const userId = currentUser(request).id;
        await r.change(ctx.db, userId, request.params.productId, request.body);
        return ok(await summary(userId), r.message);
      },
    });
  }

  app.get(
    '/cart/count',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'How many lines (count, the header badge) and pieces (quantity) the cart holds',
        response: { 200: envelope(cartCount) },
      },
    },
    async (request) => ok(await countCart(ctx.db, currentUser(request).id)),
  );

  app.get(
    '/cart/similarProducts',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Up to 10 in-stock products like those in the cart, never one already in it',
        description: 'Same subcategories as the cart’s products first, then the same categories, newest first. Empty for an empty cart.',
        response: { 200: envelope(z.array(productCard)) },
      },
    },
    async (request) => ok(await similarToCart(ctx.db, currentUser(request).id)),
  );

  app.post(
    '/cart/bulkAdd',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Merges the guest cart into the cart (login)',
        description:
          'products: up to 50 guest lines, each read like a cart/add body ({productId, quantity, size, color, image, ' +
          'isFreeSize, isColorOptions}; other fields ignored) and judged on its own in one transaction, so one bad ' +
          'or sold-out line never fails the merge. Each adds what fits under its line’s cap (min(10, stock)): ' +
          'results[i].status is added / merged (all of it), capped (part; message says why) or skipped (nothing; ' +
          'message says why: unknown product, missing size or colour, out of stock, line full). A line already ' +
          'above its stock is never lowered. 400 only for a body that is not {products: [...]} or has more than 50. ' +
          `${SUMMARY}`,
        body: cartBulkAddBody,
        response: { 200: envelope(cartBulkAddResult) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const results = await bulkAdd(ctx.db, userId, request.body.products);
      const partial = results.some((r) => r.status === 'capped' || r.status === 'skipped');
      return ok({ ...(await summary(userId)), results }, partial ? MSG.cartMergedCapped : MSG.cartMerged);
    },
  );

  app.post(
    '/cart/shippingPrice',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Shipping charges for the cart (free: shipping and taxes are inclusive)',
        description:
          'data.ShippingCharges in whole rupees from the one shipping rule (free on every order delivered in India). ' +
          "An optional pincode must be in the directory (400 'Delivery not available to this pincode.').",
        body: bodyOrEmpty(shippingPriceBody),
        response: { 200: envelope(shippingPriceResult) },
      },
    },
    async (request) => {
      const { pincode } = request.body;
      if (pincode && !pincodeDirectory().get(pincode)) throw badRequest(MSG.deliveryNotAvailable, { pincode: MSG.deliveryNotAvailable });
      const items = await readCart(ctx.db, currentUser(request).id);
      return ok({ ShippingCharges: shippingCharges(items.filter((i) => !i.outOfStock).map(pricedLine)) });
    },
  );
};
