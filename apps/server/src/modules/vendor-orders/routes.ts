import {
  envelope,
  MSG,
  vendorCancelBody,
  vendorDashboard as vendorDashboardSchema,
  vendorOrderDetail,
  vendorOrderList,
  vendorOrderListQuery,
  vendorOrderParams,
  vendorShipBody,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { bodyOrEmpty, ok, sendCachedJson, sendJson } from '../../lib/http.ts';
import { invoicePdf } from '../invoices/service.ts';
import { cancelVendorPart, getVendorOrder, moveVendorPart, vendorDashboardAnswer, vendorOrdersAnswer, type VendorMove } from './service.ts';
import { z } from 'zod';

const tags = ['vendor console'];
const security = [{ bearer: [] }];
const VENDOR = ['vendor'] as const;
const NOT_YOURS = '404 for an order without this vendor’s items (another vendor’s order looks like none). 401 without a login, 403 for anyone but a vendor.';

/** The vendor console's orders and dashboard (issue 10): a vendor's own part of each order, and nothing else. */
export const vendorOrdersModule: Module = (app, ctx) => {
  const guard = requireAuth(ctx, VENDOR);
  // The console's reads are sent as JSON text (sendJson, sendCachedJson; the list and dashboard kept while the
  // vendor's orders and stock stay as they were, cache.ts): serialising and compressing a big shop's list through streams cost more than its
  // queries (issue 10's bench). The schemas below document the shape; the tests check bodies against them.

  app.get(
    '/vendor/orders',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: "The vendor's parts of orders, newest first",
        description:
          'Query status (pending = new, confirmed, shipped, delivered, cancelled: the part’s status), search (an order number like SW0012, ' +
          'or part of the buyer’s name), page, pageSize (20). Each entry: order number, date, buyer’s name and city, this vendor’s lines and their ' +
          'total, the part’s status, the payment mode and status, tracking. Orders still awaiting their online payment are not listed.',
        querystring: vendorOrderListQuery,
        response: { 200: envelope(vendorOrderList) },
      },
    },
    async (request, reply) => sendCachedJson(reply, await vendorOrdersAnswer(ctx.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/vendor/dashboard',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: "The vendor's figures: today's and this month's orders and sales (India time), new orders, low stock, recent orders",
        description:
          'Orders and sales count parts paid or cash on delivery and not cancelled. newOrders: parts paid (or cash on delivery) and not shipped yet. ' +
          'lowStock: up to 10 products with at most 3 pieces left in a size, colour or free size, lowest first.',
        response: { 200: envelope(vendorDashboardSchema) },
      },
    },
    async (request, reply) => sendCachedJson(reply, await vendorDashboardAnswer(ctx.db, currentUser(request).id)),
  );

  app.get(
    '/vendor/orders/:orderId',
    {
      preHandler: guard,
      schema: { tags, security, summary: "The vendor's part of an order, with the delivery address for the label", description: NOT_YOURS, params: vendorOrderParams, response: { 200: envelope(vendorOrderDetail) } },
    },
    async (request, reply) => sendJson(reply, await getVendorOrder(ctx.db, currentUser(request).id, request.params.orderId)),
  );

  const moves: { path: string; to: VendorMove; summary: string; message: string; body?: z.ZodType }[] = [
    { path: 'confirm', to: 'confirmed', summary: 'Confirms the part (pending → confirmed)', message: MSG.orderConfirmedByVendor },
    { path: 'ship', to: 'shipped', summary: 'Ships the part with its courier and tracking number (confirmed → shipped)', message: MSG.orderShippedByVendor, body: vendorShipBody },
    { path: 'deliver', to: 'delivered', summary: 'Marks the part delivered (shipped → delivered; a cash-on-delivery order is then paid)', message: MSG.orderDeliveredByVendor },
  ];
  for (const move of moves) {
    app.post(
      `/vendor/orders/:orderId/${move.path}`,
      {
        preHandler: guard,
        schema: {
          tags,
          security,
          summary: move.summary,
          description: `409 for any other move (ORDER_TRANSITIONS), e.g. shipping before confirming or anything after delivered or cancelled. ${NOT_YOURS} data is the part after the move.`,
          params: vendorOrderParams,
          ...(move.body ? { body: move.body } : { body: bodyOrEmpty(z.object({})) }),
          response: { 200: envelope(vendorOrderDetail) },
        },
      },
      async (request) => {
        const vendorId = currentUser(request).id;
        const { orderId } = request.params as { orderId: string };
        await moveVendorPart(ctx.db, vendorId, orderId, move.to, move.to === 'shipped' ? (request.body as z.output<typeof vendorShipBody>) : {});
        return ok(await getVendorOrder(ctx.db, vendorId, orderId), move.message);
      },
    );
  }

  app.post(
    '/vendor/orders/:orderId/cancel',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Cancels the part with a reason: the pieces go back to stock and the buyer is refunded exactly once',
        description: `While the part is pending or confirmed (409 after). The refund is orders/cancel.ts's, the same as a buyer's cancel. ${NOT_YOURS}`,
        params: vendorOrderParams,
        body: vendorCancelBody,
        response: { 200: envelope(vendorOrderDetail) },
      },
    },
    async (request) => {
      const vendorId = currentUser(request).id;
      await cancelVendorPart(ctx, vendorId, request.params.orderId, request.body.reason);
      return ok(await getVendorOrder(ctx.db, vendorId, request.params.orderId), MSG.orderCancelledByVendor);
    },
  );

  app.get(
    '/vendor/orders/:orderId/invoice',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: "The vendor's invoice for its part of an order (application/pdf, attachment Invoice.pdf)",
        description: `409 while the order awaits payment or once the part is cancelled. ${NOT_YOURS}`,
        params: vendorOrderParams,
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(ctx.db, currentUser(request), request.params.orderId, undefined, 'vendor');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Invoice.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
