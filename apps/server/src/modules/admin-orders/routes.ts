import { adminCancelBody, adminMoveBody, adminOrderDetail, adminOrderList, adminOrderParams, adminOrderQuery, envelope } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { cancelOrder, listOrders, moveOrderPart, orderDetail } from './service.ts';

const tags = ['admin: orders'];
const security = [{ bearer: [] }];
const WHO = 'Admin only: 401 without a login, 403 for a user or a vendor.';
const MISSING = '404 for an unknown (or malformed) order id, or a seller with no items in the order.';

/**
 * The admin console's orders (issue 11; web: features/admin/orders): search, detail, move a vendor part's status,
 * cancel with refund. Every change is audited (entity "order") in its own transaction.
 */
export const adminOrdersModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/admin/orders',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Every order, newest first, 20 a page: search by order number, mobile or e-mail; filter by status and dates',
        description:
          'q: an order number (SW0012, 12), a mobile (+91 allowed; the buyer’s account, a guest’s verified mobile or the delivery address’s), an e-mail, ' +
          `or else part of the delivery name. status: one of the order statuses (created = awaiting online payment). from, to: YYYY-MM-DD, India time, both included. ${WHO}`,
        querystring: adminOrderQuery,
        response: { 200: envelope(adminOrderList) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listOrders(ctx.db, request.query));
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'One order: buyer, address, each vendor’s part with its lines and shipment, payments with their gateway references, refunds, wallet movements, history',
        description: `${MISSING} ${WHO}`,
        params: adminOrderParams,
        response: { 200: envelope(adminOrderDetail) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await orderDetail(ctx.db, request.params.id));
    },
  );

  app.post(
    '/admin/orders/:id/move',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Moves one vendor’s part to its next status (confirmed, shipped with courier and tracking number, delivered), with an optional note',
        description:
          'The vendor console’s rules (ORDER_TRANSITIONS): 409 with the reason for any other move (shipping before confirming, anything after delivered or cancelled, ' +
          `an order not paid). to=cancelled is the cancel (note = the reason, required). data is the order after the move. ${MISSING} ${WHO}`,
        params: adminOrderParams,
        body: adminMoveBody,
        response: { 200: envelope(adminOrderDetail) },
      },
    },
    async (request) => {
      await moveOrderPart(ctx, currentUser(request).id, request.params.id, request.body);
      return ok(await orderDetail(ctx.db, request.params.id), request.body.to === 'cancelled' ? 'Order cancelled and refunded' : 'Order status updated');
    },
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Cancels the order (every open part) or one vendor’s part with a reason: stock back, the buyer refunded exactly once',
        description:
          'orders/cancel.ts (ADR 012): the wallet-cash share back to the wallet; the online share to the wallet (sandbox) or through a Razorpay refund; nothing for cash on delivery. ' +
          `409 once a part is shipped, delivered or already cancelled (a second cancel refunds nothing), or while the order awaits its online payment. ${MISSING} ${WHO}`,
        params: adminOrderParams,
        body: adminCancelBody,
        response: { 200: envelope(adminOrderDetail) },
      },
    },
    async (request) => {
      await cancelOrder(ctx, currentUser(request).id, request.params.id, request.body);
      return ok(await orderDetail(ctx.db, request.params.id), 'Order cancelled and refunded');
    },
  );
};
