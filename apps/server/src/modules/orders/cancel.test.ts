import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ORDER, order as orderSchema } from '@statewise/contract';
import { orderRefunds, orders, orderVendorGroups, walletTransactions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { anAddress, buyNow, fundWallet, newShop, newStockedProduct, payInSandbox, post, salesOf, stockOf } from '../../test/orders.ts';
import { walletBalance } from '../wallet/service.ts';
import { cancelOrderParts, retryPendingRefunds } from './cancel.ts';
import { transitionOrder } from './status.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

type Headers = { authorization: string };
const cancel = (headers: Headers, orderId: string, body: Record<string, unknown> = {}) => post(s, `/order/cancel/${orderId}`, body, headers);

/** Two vendors' products in one signed-in cart order (sized s/m/l × 5 each, ₹1,500 a piece). */
async function twoVendorOrder(opts: { paymentMode: 'cod' | 'online'; wallet?: number; pay?: boolean } = { paymentMode: 'cod' }) {
  const a = await newShop(s, { sizes: { m: 5 } });
  const b = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  if (opts.wallet) await fundWallet(s.db, buyer.user.id, opts.wallet);
  await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 2 }, buyer.headers);
  await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 1 }, buyer.headers);
  const res = await post(s, '/order/create', { address: anAddress(), paymentMode: opts.paymentMode, isWalletUse: opts.wallet ? 'true' : 'false' }, buyer.headers);
  expect(res.status, res.body.message).toBe(201);
  if (opts.pay) expect((await payInSandbox(s, res.body.data.url, 'success')).status).toBe(303);
  return { a, b, buyer, orderId: res.body.data.orderId as string };
}

const refundRows = (orderId: string) => s.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const orderRow = async (id: string) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('POST order/cancel/{id}', () => {
  it('cancels a whole cash-on-delivery order: stock back, sales uncounted, nothing to refund', async () => {
    const { a, b, buyer, orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    expect(await stockOf(s.db, a.product.id, { size: 'm' })).toBe(3);
    const res = await cancel(buyer.headers, orderId, { reason: 'Ordered by mistake' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.orderCancelled);
    const order = expectContract(orderSchema, res.body);
    expect(order).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'cancelled' });
    expect(order.ordersVendorWise.every((g) => g.status === 'cancelled')).toBe(true);
    expect(await stockOf(s.db, a.product.id, { size: 'm' })).toBe(5);
    expect(await stockOf(s.db, b.product.id, { size: 'm' })).toBe(5);
    expect(await salesOf(s.db, a.product.id)).toBe(0);
    const refunds = await refundRows(orderId);
    expect(refunds.map((r) => ({ wallet: r.walletAmount, gateway: r.gatewayAmount, actor: r.actor, reason: r.reason }))).toEqual([
      { wallet: 0, gateway: 0, actor: 'buyer', reason: 'Ordered by mistake' },
      { wallet: 0, gateway: 0, actor: 'buyer', reason: 'Ordered by mistake' },
    ]);
  });

  it('cancels one vendor’s part of a paid order and refunds its share to the wallet once; the rest goes on', async () => {
    const { a, b, buyer, orderId } = await twoVendorOrder({ paymentMode: 'online', pay: true });
    const before = await walletBalance(s.db, buyer.user.id);
    const res = await cancel(buyer.headers, orderId, { vendorId: b.vendor.userId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.orderPartCancelled);
    const order = expectContract(orderSchema, res.body);
    expect(order.orderStatus).not.toBe('cancelled');
    expect(order.ordersVendorWise.find((g) => g.vendorId === b.vendor.userId)?.status).toBe('cancelled');
    expect(order.ordersVendorWise.find((g) => g.vendorId === a.vendor.userId)?.status).not.toBe('cancelled');
    expect(order.refunds).toEqual([expect.objectContaining({ vendorId: b.vendor.userId, walletAmount: 0, gatewayAmount: 1500, gatewayMethod: 'wallet', status: 'completed' })]);
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 1500);
    expect(await stockOf(s.db, b.product.id, { size: 'm' })).toBe(5);
    expect(await stockOf(s.db, a.product.id, { size: 'm' })).toBe(3);

    // the same part again: refused, nothing refunded twice
    const again = await cancel(buyer.headers, orderId, { vendorId: b.vendor.userId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.orderCannotCancel);
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 1500);

    // then the rest: the order is cancelled and every rupee paid is back
    const rest = await cancel(buyer.headers, orderId);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'refunded' });
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 4500);
  });

  it('gives wallet cash and the gateway part back in the order’s proportions, adding up to what was paid', async () => {
    const { b, buyer, orderId } = await twoVendorOrder({ paymentMode: 'online', wallet: 1000, pay: true });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ walletAmountUsed: 1000, amountPayable: 3500, grandTotal: 4500 });
    const balanceAfterOrder = await walletBalance(s.db, buyer.user.id);
    await cancel(buyer.headers, orderId, { vendorId: b.vendor.userId });
    await cancel(buyer.headers, orderId);
    const refunds = await refundRows(orderId);
    expect(refunds.reduce((n, r) => n + r.walletAmount, 0)).toBe(1000);
    expect(refunds.reduce((n, r) => n + r.gatewayAmount, 0)).toBe(3500);
    // the part of ₹1,500 of ₹4,500: a third of each
    expect(refunds.find((r) => r.gatewayAmount + r.walletAmount === 1500)).toMatchObject({ walletAmount: 333, gatewayAmount: 1167 });
    expect(await walletBalance(s.db, buyer.user.id)).toBe(balanceAfterOrder + 4500);
  });

  it('refunds exactly once when the same cancel arrives twice at the same moment', async () => {
    const { buyer, orderId } = await twoVendorOrder({ paymentMode: 'online', pay: true });
    const before = await walletBalance(s.db, buyer.user.id);
    const results = await Promise.all([cancel(buyer.headers, orderId), cancel(buyer.headers, orderId), cancel(buyer.headers, orderId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await walletBalance(s.db, buyer.user.id)).toBe(before + 4500);
    const credits = await s.db.select().from(walletTransactions).where(eq(walletTransactions.orderId, orderId));
    expect(credits.filter((c) => c.kind === 'order_refund').reduce((n, c) => n + c.amount, 0)).toBe(4500);
  });

  it('moves the order on with the parts left when the one still behind is cancelled', async () => {
    const { a, b, buyer, orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    // A's part ships; B's is still waiting to be confirmed, so the order as a whole is not shipped yet
    await s.db.update(orderVendorGroups).set({ status: 'shipped', courierPartner: 'Delhivery', awsNumber: 'AWB777' }).where(and(eq(orderVendorGroups.orderId, orderId), eq(orderVendorGroups.vendorId, a.vendor.userId)));
    expect((await orderRow(orderId)).status).toBe('pending');
    const res = await cancel(buyer.headers, orderId, { vendorId: b.vendor.userId });
    expect(res.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('shipped');
    expect(res.body.data.orderStatus).toBe('shipped');
  });

  it('refuses a shipped part with 409 and keeps it as it was', async () => {
    const { buyer, orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    await transitionOrder(s.db, orderId, 'confirmed');
    await transitionOrder(s.db, orderId, 'shipped', { awsNumber: 'AWB123', courierPartner: 'Delhivery' });
    const res = await cancel(buyer.headers, orderId);
    expect(res.status).toBe(409);
    expect((await orderRow(orderId)).status).toBe('shipped');
  });

  it('lets the buyer cancel while the order is confirmed', async () => {
    const { buyer, orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    await transitionOrder(s.db, orderId, 'confirmed');
    expect((await cancel(buyer.headers, orderId)).status).toBe(200);
  });

  it('answers 404 for someone else’s order and for a vendor with no items in it, changing nothing', async () => {
    const { a, orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    const stranger = await loginAs(s);
    expect((await cancel(stranger.headers, orderId)).status).toBe(404);
    const owner = (await s.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    const ownerHeaders = (await loginAs(s)).headers; // another account again
    expect((await cancel(ownerHeaders, orderId)).status).toBe(404);
    expect(owner.status).toBe('pending');
    expect(await stockOf(s.db, a.product.id, { size: 'm' })).toBe(3);
  });

  it('refuses a reason over 300 characters and a malformed vendor id with 400', async () => {
    const { buyer, orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    expect((await cancel(buyer.headers, orderId, { reason: 'x'.repeat(301) })).body.message).toBe(MSG.cancelReasonTooLong);
    expect((await cancel(buyer.headers, orderId, { vendorId: 'nope' })).status).toBe(400);
    const unknownVendor = await cancel(buyer.headers, orderId, { vendorId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownVendor.status).toBe(404);
    expect(unknownVendor.body.message).toBe(MSG.orderPartNotFound);
  });

  it('refuses guests with 401', async () => {
    const { orderId } = await twoVendorOrder({ paymentMode: 'cod' });
    expect((await post(s, `/order/cancel/${orderId}`, {})).status).toBe(401);
  });
});

describe('the cash-on-delivery cap', () => {
  it(`refuses a ${ORDER.maxOpenCodOrders + 1}th open cash-on-delivery order, and accepts one again after a delivery`, async () => {
    const shop = await newShop(s, { sizes: { m: 10 } });
    const buyer = await loginAs(s);
    const placed: string[] = [];
    for (let i = 0; i < ORDER.maxOpenCodOrders; i++) {
      const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
      expect(res.status).toBe(201);
      placed.push(res.body.data.orderId);
    }
    const refused = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MSG.tooManyCodOrders);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(10 - ORDER.maxOpenCodOrders);
    // online payment stays open to them
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'online' })).status).toBe(201);
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await transitionOrder(s.db, placed[0]!, to);
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
  });

  it(`refuses cash on delivery past ${ORDER.maxOpenCodPieces} pieces on their way`, async () => {
    const shop = await newShop(s, { sizes: { m: 50 } });
    const buyer = await loginAs(s);
    for (let i = 0; i < 2; i++) expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 10 }, { paymentMode: 'cod' })).status).toBe(201);
    const refused = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 1 }, { paymentMode: 'cod' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MSG.tooManyCodPieces);
  });

  it('counts a cancelled cash-on-delivery order out of the cap', async () => {
    const shop = await newShop(s, { sizes: { m: 20 } });
    const buyer = await loginAs(s);
    const ids: string[] = [];
    for (let i = 0; i < ORDER.maxOpenCodOrders; i++) ids.push((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).body.data.orderId);
    expect((await cancel(buyer.headers, ids[0]!)).status).toBe(200);
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
  });
});

describe('refunds through Razorpay', () => {
  let r: TestServer;
  const seen: Array<{ url: string; idempotency: string | undefined; body: { amount: number } }> = [];
  let refuse = false;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const fake = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        if (req.url?.endsWith('/refund')) {
          seen.push({ url: req.url, idempotency: req.headers['x-refund-idempotency'] as string | undefined, body: JSON.parse(raw) });
          if (refuse) return void res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"description":"Gateway down"}}');
          return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `rfnd_${seen.length}`, status: 'processed' }));
        }
        res.writeHead(404).end('{}');
      });
    });
    await new Promise<void>((done) => fake.listen(0, '127.0.0.1', done));
    close = () => new Promise((done) => fake.close(() => done()));
    r = await createTestServer({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_refunds',
      RAZORPAY_KEY_SECRET: 'refund-secret',
      RAZORPAY_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await r.close();
    await close();
  });

  /** A paid Razorpay order of one ₹1,500 piece, made directly (the checkout itself is tested in razorpay.test.ts). */
  async function paidRazorpayOrder() {
    const shop = await newShop(r, { sizes: { m: 5 } });
    const second = await newStockedProduct(r, await newShop(r), { sizes: { m: 5 } });
    const buyer = await loginAs(r);
    const [order] = await r.db
      .insert(orders)
      .values({ userId: buyer.user.id, source: 'buy_now', status: 'pending', paymentMode: 'online', paymentStatus: 'paid', subTotal: 3000, grandTotal: 3000, amountPayable: 3000, address: { ...anAddress(), city: 'Jaipur', state: 'Rajasthan', country: 'India' } as never, paidAt: new Date() })
      .returning();
    const { orderLines, orderVendorGroups, payments } = await import('../../db/schema/index.ts');
    for (const [i, p] of [shop.product, second].entries()) {
      await r.db.insert(orderLines).values({ orderId: order!.id, position: i, productId: p.id, vendorId: p.vendorId, gstRate: 12, name: p.name, slug: p.slug, price: 1500, mrp: 2000, quantity: 1, size: 'm' });
      await r.db.insert(orderVendorGroups).values({ orderId: order!.id, vendorId: p.vendorId, status: 'pending', placedAt: order!.createdAt });
    }
    await r.db.insert(payments).values({ purpose: 'order', orderId: order!.id, userId: buyer.user.id, amount: 3000, description: 'Order', provider: 'razorpay', providerOrderId: `order_${order!.id.slice(0, 8)}`, providerPaymentId: 'pay_ABC', status: 'succeeded', expiresAt: new Date(Date.now() + 30 * 60_000) } as never);
    return { buyer, order: order!, vendors: [shop.product.vendorId, second.vendorId] };
  }

  it('refunds a cancelled part through Razorpay with an idempotency key, and the order is refunded when all are', async () => {
    const { buyer, order, vendors } = await paidRazorpayOrder();
    const walletBefore = await walletBalance(r.db, buyer.user.id);
    const part = await cancelOrderParts(r, { orderId: order.id, vendorId: vendors[0], actor: { kind: 'buyer', userId: buyer.user.id } });
    expect(part.refunds[0]).toMatchObject({ gatewayMethod: 'razorpay', gatewayAmount: 1500, status: 'completed', providerRefundId: expect.stringMatching(/^rfnd_/) });
    expect(seen.at(-1)).toMatchObject({ url: '/v1/payments/pay_ABC/refund', idempotency: part.refunds[0]!.id, body: { amount: 150000 } });
    await cancelOrderParts(r, { orderId: order.id, actor: { kind: 'buyer', userId: buyer.user.id } });
    expect((await r.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // the money went back to the card, not the wallet
    expect(await walletBalance(r.db, buyer.user.id)).toBe(walletBefore);
  });

  it('keeps a refund Razorpay refused pending and sends it when it answers again', async () => {
    const { buyer, order } = await paidRazorpayOrder();
    refuse = true;
    const res = await cancelOrderParts(r, { orderId: order.id, actor: { kind: 'buyer', userId: buyer.user.id } });
    expect(res.refunds.map((x) => x.status)).toEqual(['pending', 'pending']);
    expect(res.refunds[0]!.failureReason).toContain('Gateway down');
    expect((await r.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.paymentStatus).toBe('refund_pending');
    refuse = false;
    await retryPendingRefunds(r);
    const after = await r.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(after.map((x) => x.status)).toEqual(['completed', 'completed']);
    expect((await r.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.paymentStatus).toBe('refunded');
  });
});
