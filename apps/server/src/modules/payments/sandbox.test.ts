import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, walletTransactions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, travel } from '../../test/auth.ts';
import { buyNow, fundWallet, get, newShop, pageSignature, pathOf, payInSandbox, post, salesOf, stockOf } from '../../test/orders.ts';
import { expireDuePayments } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => travel.reset());

async function placed(opts: { quantity?: number; wallet?: number } = {}) {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  if (opts.wallet) await fundWallet(s.db, buyer.user.id, opts.wallet);
  const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: opts.quantity ?? 2 }, opts.wallet ? { isWalletUse: 'true' } : {});
  expect(res.status).toBe(201);
  return { shop, buyer, orderId: res.body.data.orderId as string, url: res.body.data.url as string, order: res.body.data.order };
}

const complete = (url: string, payload: Record<string, string>, type: 'form' | 'json' = 'form') =>
  s.app.inject({
    method: 'POST',
    url: `${pathOf(url)}/complete`,
    headers: { 'content-type': type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: type === 'form' ? new URLSearchParams(payload).toString() : JSON.stringify(payload),
  });

const orderRow = async (id: string) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: string) => (await s.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

describe('GET /api/payments/sandbox/:paymentId', () => {
  it('shows a payment page that works without JavaScript: amount in ₹, the merchant, what is paid, Pay and Fail', async () => {
    const { url, order } = await placed({ quantity: 2 });
    const res = await s.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('₹3,000');
    expect(res.body).toContain('Statewise');
    expect(res.body).toContain(`Order ${order.orderNumber} · 2 items`);
    expect(res.body).toContain('name="viewport"');
    expect(res.body.match(/<form method="post" action="\/api\/payments\/sandbox\/[0-9a-f-]+\/complete">/g)).toHaveLength(2);
    expect(res.body).toContain('Pay ₹3,000');
    expect(res.body).toContain('Fail payment');
    expect(res.body).not.toContain('<script');
  });

  it('answers an unknown payment with a 404 page, and a malformed id with 400', async () => {
    const missing = await s.app.inject({ method: 'GET', url: '/api/payments/sandbox/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Payment not found');
    expect((await s.app.inject({ method: 'GET', url: '/api/payments/sandbox/nope' })).statusCode).toBe(400);
  });

  it('shows the outcome, with the way back, once the payment is done', async () => {
    const { url, orderId } = await placed();
    await payInSandbox(s, url, 'success');
    const res = await s.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This payment is complete.');
    expect(res.body).toContain(`href="/payment-confirmation?status=true&amp;orderId=${orderId}"`);
    expect(res.body).not.toContain('name="signature"');
  });
});

describe('POST /api/payments/sandbox/:paymentId/complete', () => {
  it('records a success: 303 to the confirmation page, the order pending and paid, the sale counted', async () => {
    const { url, orderId, shop } = await placed({ quantity: 2 });
    const back = await payInSandbox(s, url, 'success');
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid', paymentExpiresAt: null });
    expect((await orderRow(orderId)).paidAt).not.toBeNull();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'succeeded', providerPaymentId: expect.stringMatching(/^sandbox_/) });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    expect(await salesOf(s.db, shop.product.id)).toBe(2);
  });

  it('records a failure: 303 with status=false, the order kept for a retry with its stock reserved until its 30 minutes end', async () => {
    const { url, orderId, shop } = await placed({ quantity: 2 });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    const back = await payInSandbox(s, url, 'failure');
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/payment-confirmation?status=false&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'failed', cancelReason: null });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'failed' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    // not retried: at the end of the 30 minutes the order is cancelled and its stock released, once
    travel(31 * 60);
    expect(await expireDuePayments(s.db)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', cancelReason: 'payment_expired' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    expect(await salesOf(s.db, shop.product.id)).toBe(0);
    await expireDuePayments(s.db);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
  });

  it('gives back wallet cash held by an order whose payment failed once its 30 minutes are over', async () => {
    const { url, orderId, buyer } = await placed({ quantity: 2, wallet: 1000 });
    const before = await get(s, '/wallet/fetchBalance', buyer.headers);
    expect(before.body.data.walletBalance).toBe(0);
    await payInSandbox(s, url, 'failure');
    // still held for a retry
    expect((await get(s, '/wallet/fetchBalance', buyer.headers)).body.data.walletBalance).toBe(0);
    travel(31 * 60);
    const after = await get(s, '/wallet/fetchBalance', buyer.headers);
    expect(after.body.data.walletBalance).toBe(1000);
    const [debit] = await s.db.select().from(walletTransactions).where(eq(walletTransactions.orderId, orderId));
    expect(debit).toMatchObject({ type: 'debit', status: 'failed', amount: 1000 });
  });

  it('accepts JSON as well as a form', async () => {
    const { url, orderId } = await placed();
    const signature = await pageSignature(s, url, 'success');
    const res = await complete(url, { outcome: 'success', signature }, 'json');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
  });

  it('changes nothing when the same completion is replayed, or the other button is pressed afterwards', async () => {
    const { url, orderId, shop } = await placed({ quantity: 1 });
    const success = await pageSignature(s, url, 'success');
    const failure = await pageSignature(s, url, 'failure');
    expect((await complete(url, { outcome: 'success', signature: success })).statusCode).toBe(303);
    const replay = await complete(url, { outcome: 'success', signature: success });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    const late = await complete(url, { outcome: 'failure', signature: failure });
    expect(late.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await salesOf(s.db, shop.product.id)).toBe(1);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(4);
  });

  it('records exactly one of several completions arriving at once', async () => {
    const { url, orderId, shop } = await placed({ quantity: 1 });
    const success = await pageSignature(s, url, 'success');
    const failure = await pageSignature(s, url, 'failure');
    const all = await Promise.all([
      ...Array.from({ length: 4 }, () => complete(url, { outcome: 'success', signature: success })),
      ...Array.from({ length: 4 }, () => complete(url, { outcome: 'failure', signature: failure })),
    ]);
    expect(all.every((r) => r.statusCode === 303)).toBe(true);
    // every answer tells the one recorded outcome
    expect(new Set(all.map((r) => r.headers.location)).size).toBe(1);
    const order = await orderRow(orderId);
    if (order.status === 'pending') {
      expect(await salesOf(s.db, shop.product.id)).toBe(1);
      expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(4);
    } else {
      // failed: held for a retry, nothing sold, the pieces still reserved
      expect(order).toMatchObject({ status: 'created', paymentStatus: 'failed' });
      expect(await salesOf(s.db, shop.product.id)).toBe(0);
      expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(4);
    }
  });

  it('refuses a forged completion: no signature, a wrong one, another outcome’s or another payment’s', async () => {
    const { url, orderId } = await placed();
    const other = await placed();
    const failure = await pageSignature(s, url, 'failure');
    const otherSuccess = await pageSignature(s, other.url, 'success');

    const none = await complete(url, { outcome: 'success' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('This payment could not be verified');
    const wrong = await complete(url, { outcome: 'success', signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This payment could not be verified');
    expect((await complete(url, { outcome: 'success', signature: failure })).statusCode).toBe(403);
    expect((await complete(url, { outcome: 'success', signature: otherSuccess })).statusCode).toBe(403);
    expect((await complete(url, { outcome: 'maybe', signature: failure })).statusCode).toBe(400);

    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'pending' });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'pending' });
  });

  it('answers 404 for an unknown payment', async () => {
    const res = await complete('http://x/api/payments/sandbox/00000000-0000-4000-8000-000000000000', { outcome: 'success', signature: 'x' });
    expect(res.statusCode).toBe(404);
  });
});

describe('abandoned payments (30 minutes)', () => {
  it('expire when the orders are next read: the order is cancelled, its stock released and its wallet cash returned', async () => {
    const { orderId, shop, buyer } = await placed({ quantity: 2, wallet: 1000 });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    travel(29 * 60);
    await post(s, '/order/list', {}, buyer.headers);
    expect((await orderRow(orderId)).status).toBe('created');
    travel(2 * 60);
    const list = await post(s, '/order/list', {}, buyer.headers);
    expect(list.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', cancelReason: 'payment_expired' });
    expect(list.body.data.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect(await paymentOf(orderId)).toMatchObject({ status: 'expired' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    expect((await get(s, '/wallet/fetchBalance', buyer.headers)).body.data.walletBalance).toBe(1000);
  });

  it('are expired by the sweeper for every buyer, exactly once', async () => {
    const a = await placed({ quantity: 1 });
    const b = await placed({ quantity: 3 });
    travel(31 * 60);
    const [first, second] = await Promise.all([expireDuePayments(s.db), expireDuePayments(s.db)]);
    expect(first! + second!).toBeGreaterThanOrEqual(2);
    expect((await orderRow(a.orderId)).status).toBe('cancelled');
    expect((await orderRow(b.orderId)).status).toBe('cancelled');
    expect(await stockOf(s.db, a.shop.product.id, { size: 'm' })).toBe(5);
    expect(await stockOf(s.db, b.shop.product.id, { size: 'm' })).toBe(5);
    expect(await expireDuePayments(s.db)).toBe(0);
  });

  it('cannot be paid after the 30 minutes: the late Pay counts as expired', async () => {
    const { url, orderId, shop } = await placed({ quantity: 1 });
    const success = await pageSignature(s, url, 'success');
    travel(31 * 60);
    const res = await complete(url, { outcome: 'success', signature: success });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment-confirmation?status=false&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    const page = await s.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.body).toContain('This payment expired');
  });
});
