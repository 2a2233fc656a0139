import type { FastifyRequest } from 'fastify';
import {
  buyNowOrderBody,
  cancelOrderBody,
  cartOrderBody,
  confirmOrderBody,
  envelope,
  guestBuyNowOrderBody,
  guestOrderBody,
  MSG,
  orderConfirmation,
  orderCreated,
  order as orderSchema,
  orderIdParams,
  orderListBody,
  orderListResult,
  paymentRetry,
  retryPaymentBody,
  ROLES,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, optionalAuth, requireAuth } from '../../lib/auth.ts';
import { bodyOrEmpty, forCaller, ok } from '../../lib/http.ts';
import {
  confirmOrder,
  createBuyNowOrder,
  createCartOrder,
  createGuestBuyNowOrder,
  createGuestCartOrder,
  getOrder,
  listOrders,
} from './service.ts';
import { cancelOrderParts, retryPendingRefunds } from './cancel.ts';
import { retryPayment } from './retry.ts';

const tags = ['orders'];

const CREATED =
  '201 with data.url (the payment page: send the browser there) when an online payment is needed, or url null when ' +
  'none is (cash on delivery, or wallet cash covering everything: the order is already pending). Prices, totals and ' +
  'statuses come from the catalogue and the server, never from the request. 400 bad input ("Please select address to ' +
  'checkout", "Please select size"…), 404 unknown product or address, 409 out of stock ("Product is out of stock now", ' +
  '"Only N left in stock") or off sale, 429 too many orders awaiting payment, 503 the gateway could not be reached.';

const GUEST =
  ' Guest calls need the token of guest/verify-otp for the address\'s mobile, as body `guestToken` or header ' +
  '`X-Guest-Token` (one order per token; 400 "Please Verify the phone no" without it). Online payment only.';

/** The guest verification token: the X-Guest-Token header, else the body's guestToken. */
function guestToken(request: FastifyRequest, body: { guestToken?: string }): string | undefined {
  const h = request.headers['x-guest-token'];
  const header = Array.isArray(h) ? h[0] : h;
  return header?.trim() || body.guestToken;
}

const placedMessage = (url: string | null) => (url ? undefined : MSG.orderPlaced);

/** Orders (shopping §7 Orders and payment). */
export const ordersModule: Module = (app, ctx) => {
  app.post(
    '/order/create',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: "Order the signed-in buyer's cart",
        description: `Body {address: saved address id or a full address, paymentMode: online|cod, isWalletUse: 'true'|'false'}. Lines flagged out of stock in the cart stay in the cart. The bought lines leave the cart once paid. ${CREATED}`,
        body: cartOrderBody,
        response: { 201: envelope(orderCreated) },
      },
    },
    async (request, reply) => {
      const data = await createCartOrder(forCaller(ctx, request), currentUser(request).id, request.body);
      return reply.status(201).send(ok(data, placedMessage(data.url)));
    },
  );

  app.post(
    '/order/create/buyNow',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: 'Buy one product now (signed in)',
        description: `One line: productId, quantity 1–10, size (sized) or color (colour products); online or cod; wallet cash allowed. isTempProduct true: the line is the chat product tempProductId (or productId), offered to this shopper in a chat (404 otherwise); no stock is held for it. ${CREATED}`,
        body: buyNowOrderBody,
        response: { 201: envelope(orderCreated) },
      },
    },
    async (request, reply) => {
      const data = await createBuyNowOrder(forCaller(ctx, request), currentUser(request).id, request.body);
      return reply.status(201).send(ok(data, placedMessage(data.url)));
    },
  );

  app.post(
    '/order/create/guest-buy-now',
    {
      schema: {
        tags,
        summary: 'Buy one product now as a guest',
        description: `As buyNow, with a full address and no wallet.${GUEST} ${CREATED}`,
        body: guestBuyNowOrderBody,
        response: { 201: envelope(orderCreated) },
      },
    },
    async (request, reply) => {
      const data = await createGuestBuyNowOrder(forCaller(ctx, request), request.body, guestToken(request, request.body));
      return reply.status(201).send(ok(data, placedMessage(data.url)));
    },
  );

  for (const path of ['/order/create/guestOrder', '/order/create-guest-cart-order']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: "Order a guest's local cart",
          description: `Body {address (full), paymentMode: online, products: the guest cart's lines [{_id or productId, quantity, size, color}], cartDetails (ignored)}. The two paths are the same call (the spec names both).${GUEST} ${CREATED}`,
          body: guestOrderBody,
          response: { 201: envelope(orderCreated) },
        },
      },
      async (request, reply) => {
        const data = await createGuestCartOrder(forCaller(ctx, request), request.body, guestToken(request, request.body));
        return reply.status(201).send(ok(data, placedMessage(data.url)));
      },
    );
  }

  app.post(
    '/order/confirmOrder',
    {
      preHandler: optionalAuth(ctx),
      schema: {
        tags,
        summary: "Where an order's payment stands (after the gateway)",
        description:
          'The spec does not show this payload; our reading: {orderId} → {orderId, orderNumber, orderStatus, paymentStatus, status, ' +
          'canRetryPayment, paymentExpiresAt, order, expectedDelivery}, status true when the order went through; canRetryPayment ' +
          'while the order is still held for its payment (a failed attempt keeps it for the rest of its 30 minutes). Razorpay ' +
          'in-page checkout may add razorpay_order_id, razorpay_payment_id and razorpay_signature (verified, recorded once). An ' +
          "order of an account answers its owner only (404). `order` (items, amounts, address, tracking) and expectedDelivery " +
          "are for the buyer only: the account's owner, or a guest sending the order's token as orderToken; null otherwise.",
        body: confirmOrderBody,
        response: { 200: envelope(orderConfirmation) },
      },
    },
    async (request) => ok(await confirmOrder(ctx, request.user?.id ?? null, request.body)),
  );

  app.post(
    '/order/retry-payment/:id',
    {
      preHandler: optionalAuth(ctx),
      schema: {
        tags,
        summary: 'Starts a new payment for an order still awaiting one (after a failed or abandoned attempt)',
        description:
          'Not in the spec (issue 9). Allowed while the order is created and within the 30 minutes that started when it ' +
          'was placed (a retry does not extend them; stock and wallet cash stay reserved). The buyer only: the signed-in ' +
          "owner (401 without a login, 403 another account), or for a guest order the order's token as orderToken (403 " +
          'without it). 409 once paid, cancelled or expired. While the last attempt is still pending, data.url is that ' +
          "same payment's page (never two live payments). 503 when the gateway cannot be reached (the order stays held).",
        params: orderIdParams,
        body: bodyOrEmpty(retryPaymentBody),
        response: { 200: envelope(paymentRetry) },
      },
    },
    async (request) => ok(await retryPayment(forCaller(ctx, request), { userId: request.user?.id ?? null, orderToken: request.body.orderToken }, request.params.id)),
  );

  app.post(
    '/order/list',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: "The buyer's orders, newest first",
        description:
          "Body {startDate 'YYYY/MM/DD' (orders placed that day or later, India time), orderStatus (pending, confirmed, shipped, " +
          "delivered, cancelled), page, pageSize 10} → data.orders and data.count. Orders awaiting payment (created) are hidden.",
        body: bodyOrEmpty(orderListBody),
        response: { 200: envelope(orderListResult) },
      },
    },
    async (request) => ok(await listOrders(ctx.db, currentUser(request).id, request.body)),
  );

  app.get(
    '/order/:id',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: { tags, summary: 'One of the buyer\'s orders (404 for anyone else\'s)', params: orderIdParams, response: { 200: envelope(orderSchema) } },
    },
    async (request) => ok(await getOrder(ctx.db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/order/cancel/:id',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Cancels the caller's order, or one vendor's part of it (vendorId), before it ships",
        description:
          'Not in the spec (issue 9). Allowed while the order and the part are pending or confirmed; 409 once shipped, ' +
          "delivered or cancelled (a second cancel refunds nothing). 404 for another person's order or a vendor without " +
          'items in it. The pieces go back to stock; the money paid for the part goes back exactly once: wallet cash to ' +
          'the wallet, the sandbox gateway part to the wallet, a Razorpay payment through a Razorpay refund (pending until ' +
          'Razorpay accepts it). data is the order after the change, with its refunds.',
        params: orderIdParams,
        body: bodyOrEmpty(cancelOrderBody),
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { order } = await cancelOrderParts(ctx, { orderId: request.params.id, vendorId: request.body.vendorId, reason: request.body.reason, actor: { kind: 'buyer', userId: user.id } });
      return ok(await getOrder(ctx.db, user.id, order.id), request.body.vendorId && order.status !== 'cancelled' ? MSG.orderPartCancelled : MSG.orderCancelled);
    },
  );

  // Gateway refunds that could not be sent at once (Razorpay unreachable) are retried every few minutes.
  const retry = setInterval(() => {
    retryPendingRefunds(ctx).catch((err: unknown) => app.log.error({ err }, 'retrying pending refunds failed'));
  }, 5 * 60_000);
  retry.unref();
  app.addHook('onClose', async () => clearInterval(retry));
};
