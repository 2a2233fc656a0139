import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { orders, payments, walletTransactions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, travel } from '../../test/auth.ts';
import { buyNow, get, newShop, pathOf, post, stockOf } from '../../test/orders.ts';
import { RazorpayProvider } from './razorpay.ts';

/**
 * Razorpay behind PAYMENT_PROVIDER=razorpay, against a local stand-in for its Orders API. Signatures are computed
 * here straight from Razorpay's documented algorithm (HMAC-SHA256, hex): checkout = `${order_id}|${payment_id}` with
 * the key secret; webhook = the raw body with the webhook secret. Webhook bodies are the recorded samples in
 * fixtures/ with this test's order ids filled in.
 */

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisatestsecretkey0123';
const WEBHOOK_SECRET = 'whsec_statewise_test_5f3c';

interface FakeOrderRequest {
  authorization: string | undefined;
  body: { amount: number; currency: string; receipt: string; notes: Record<string, string> };
}

/**
 * Razorpay's POST /v1/orders and GET /v1/orders/{id}/payments as its docs describe them; `down` makes them fail like
 * an outage. `attempts` holds each order's payments (entities like the recorded samples in fixtures/).
 */
function fakeRazorpay() {
  const requests: FakeOrderRequest[] = [];
  const state = { down: false };
  const attempts = new Map<string, object[]>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const paymentsOf = req.method === 'GET' ? /^\/v1\/orders\/([\w-]+)\/payments$/.exec(req.url ?? '') : null;
      if (!paymentsOf && (req.method !== 'POST' || req.url !== '/v1/orders')) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } }));
      }
      if (state.down) {
        res.statusCode = 502;
        return res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } }));
      }
      if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }));
      }
      if (paymentsOf) {
        const items = attempts.get(paymentsOf[1]!) ?? [];
        return res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
      }
      const body = JSON.parse(raw) as FakeOrderRequest['body'];
      requests.push({ authorization: req.headers.authorization, body });
      res.end(
        JSON.stringify({
          id: `order_${randomBytes(7).toString('hex')}`,
          entity: 'order',
          amount: body.amount,
          amount_paid: 0,
          amount_due: body.amount,
          currency: body.currency,
          receipt: body.receipt,
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: body.notes,
          created_at: Math.floor(Date.now() / 1000),
        }),
      );
    });
  });
  return { server, requests, state, attempts };
}

const fake = fakeRazorpay();
let s: TestServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  s = await createTestServer({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await s.close();
  await new Promise((resolve) => fake.server.close(resolve));
});
afterEach(() => {
  fake.state.down = false;
  fake.attempts.clear();
  travel.reset();
});

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** A recorded webhook sample with this test's ids and amount, as raw JSON text. */
function sample(name: 'payment.captured' | 'order.paid' | 'payment.failed', ids: { orderId: string; amountPaise: number; paymentId?: string }): string {
  const event = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', `razorpay-${name}.json`), 'utf8'));
  const payment = event.payload.payment.entity;
  payment.order_id = ids.orderId;
  payment.amount = ids.amountPaise;
  if (ids.paymentId) payment.id = ids.paymentId;
  if (event.payload.order) Object.assign(event.payload.order.entity, { id: ids.orderId, amount: ids.amountPaise, amount_paid: ids.amountPaise });
  return JSON.stringify(event, null, 2);
}

/** A payment attempt of `orderId` as GET /v1/orders/{id}/payments lists it (the recorded payment entity). */
function attempt(status: 'failed' | 'captured', ids: { orderId: string; paymentId: string; amountPaise: number }) {
  const entity = JSON.parse(sample(status === 'failed' ? 'payment.failed' : 'payment.captured', ids)).payload.payment.entity;
  const list = fake.attempts.get(ids.orderId) ?? [];
  fake.attempts.set(ids.orderId, [...list, entity]);
  return entity as { id: string; status: string };
}

/** The unsigned failure post of Razorpay Checkout (redirect mode) naming `paymentId` of `orderId`. */
const failurePost = (orderId: string, paymentId: string) => ({
  'error[code]': 'BAD_REQUEST_ERROR',
  'error[description]': 'Payment failed due to incorrect card details',
  'error[source]': 'customer',
  'error[metadata]': JSON.stringify({ payment_id: paymentId, order_id: orderId }),
});

function webhook(raw: string, headers: Record<string, string> = {}) {
  return s.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(WEBHOOK_SECRET, raw), 'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`, ...headers },
    payload: raw,
  });
}

function callback(paymentId: string, fields: Record<string, string>) {
  return s.app.inject({
    method: 'POST',
    url: `/api/payments/razorpay/${paymentId}/callback`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function placed(quantity = 2) {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity });
  expect(res.status).toBe(201);
  const orderId = res.body.data.orderId as string;
  const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { shop, buyer, orderId, url: res.body.data.url as string, payment: payment!, rzpOrderId: payment!.providerOrderId! };
}

const orderRow = async (id: string) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('starting a Razorpay payment', () => {
  it('creates a Razorpay order (amount in paise, receipt = our payment id, basic auth) and sends the browser to our checkout page', async () => {
    const before = fake.requests.length;
    const { url, payment, rzpOrderId } = await placed(2);
    expect(fake.requests).toHaveLength(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.body).toMatchObject({ amount: 300000, currency: 'INR', receipt: payment.id, notes: { paymentId: payment.id, purpose: 'order' } });
    expect(rzpOrderId).toMatch(/^order_/);
    expect(url).toBe(`http://localhost:3000/api/payments/razorpay/${payment.id}`);

    const page = await s.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://checkout.razorpay.com/v1/checkout.js');
    expect(page.body).toContain(`"order_id":"${rzpOrderId}"`);
    expect(page.body).toContain(`"key":"${KEY_ID}"`);
    expect(page.body).toContain(`"callback_url":"http://localhost:3000/api/payments/razorpay/${payment.id}/callback"`);
    expect(page.body).toContain('₹3,000');
    expect(page.body).not.toContain(KEY_SECRET);
  });

  it('answers 503 when Razorpay cannot be reached, cancelling the order and releasing its stock', async () => {
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    fake.state.down = true;
    const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: 2 });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('We could not start the payment. Please try again in a moment');
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    const [order] = await s.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('leaves the sandbox gateway closed', async () => {
    const { payment } = await placed(1);
    const res = await s.app.inject({ method: 'GET', url: `/api/payments/sandbox/${payment.id}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/payments/razorpay/:paymentId/callback', () => {
  it('records a payment whose checkout signature is right, once, and sends the browser to the confirmation', async () => {
    const { payment, rzpOrderId, orderId } = await placed();
    const fields = { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_order_id: rzpOrderId, razorpay_signature: hmac(KEY_SECRET, `${rzpOrderId}|pay_29QQoUBi66xm2f`) };
    const res = await callback(payment.id, fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    const [stored] = await s.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored).toMatchObject({ status: 'succeeded', providerPaymentId: 'pay_29QQoUBi66xm2f' });
    const replay = await callback(payment.id, fields);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
  });

  it('refuses a tampered signature, or a signature for another Razorpay order', async () => {
    const { payment, rzpOrderId, orderId } = await placed();
    const good = hmac(KEY_SECRET, `${rzpOrderId}|pay_29QQoUBi66xm2f`);
    const tampered = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    const a = await callback(payment.id, { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_order_id: rzpOrderId, razorpay_signature: tampered });
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toBe('This payment could not be verified');
    const otherOrder = 'order_aaaaaaaaaaaaaa';
    const b = await callback(payment.id, { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_order_id: otherOrder, razorpay_signature: hmac(KEY_SECRET, `${otherOrder}|pay_29QQoUBi66xm2f`) });
    expect(b.statusCode).toBe(403);
    const c = await callback(payment.id, { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_order_id: rzpOrderId, razorpay_signature: hmac('wrong-secret', `${rzpOrderId}|pay_29QQoUBi66xm2f`) });
    expect(c.statusCode).toBe(403);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'pending' });
  });

  it('records a failed checkout that Razorpay confirms: the order is kept for a retry, its stock reserved', async () => {
    const { payment, rzpOrderId, orderId, shop } = await placed(2);
    attempt('failed', { orderId: rzpOrderId, paymentId: 'pay_29QQoUBi66xm2g', amountPaise: payment.amount * 100 });
    const res = await callback(payment.id, failurePost(rzpOrderId, 'pay_29QQoUBi66xm2g'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment-confirmation?status=false&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'failed' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    const [stored] = await s.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored).toMatchObject({ status: 'failed', providerPaymentId: 'pay_29QQoUBi66xm2g', failureReason: 'Payment failed due to incorrect card details' });
  });

  it('retries a failed checkout with a new Razorpay order; Razorpay being down fails only that attempt (503), the order stays held', async () => {
    const { payment, rzpOrderId, orderId, shop, buyer } = await placed(2);
    attempt('failed', { orderId: rzpOrderId, paymentId: 'pay_29QQoUBi66xm2h', amountPaise: payment.amount * 100 });
    await callback(payment.id, failurePost(rzpOrderId, 'pay_29QQoUBi66xm2h'));
    fake.state.down = true;
    const down = await post(s, `/order/retry-payment/${orderId}`, {}, buyer.headers);
    expect(down.status).toBe(503);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    fake.state.down = false;
    const res = await post(s, `/order/retry-payment/${orderId}`, {}, buyer.headers);
    expect(res.status).toBe(200);
    const all = await s.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(all.map((p) => p.status).sort()).toEqual(['failed', 'failed', 'pending']);
    const next = all.find((p) => p.status === 'pending')!;
    expect(res.body.data.url).toBe(`http://localhost:3000/api/payments/razorpay/${next.id}`);
    expect(next.providerOrderId).toMatch(/^order_/);
    expect(next.providerOrderId).not.toBe(rzpOrderId);
    const paid = await callback(next.id, {
      razorpay_payment_id: 'pay_29QQoUBi66xm2i',
      razorpay_order_id: next.providerOrderId!,
      razorpay_signature: hmac(KEY_SECRET, `${next.providerOrderId}|pay_29QQoUBi66xm2i`),
    });
    expect(paid.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
  });

  it('changes nothing for an unsigned failure post that Razorpay does not confirm, and shows the failure page', async () => {
    const { payment, rzpOrderId, orderId, shop } = await placed(2);
    // a payment Razorpay does not know, one of another order, and one still in progress
    attempt('failed', { orderId: 'order_someoneelse01', paymentId: 'pay_OtherOrder0001', amountPaise: payment.amount * 100 });
    const inProgress = attempt('failed', { orderId: rzpOrderId, paymentId: 'pay_StillTrying001', amountPaise: payment.amount * 100 });
    inProgress.status = 'authorized';
    for (const named of ['pay_NeverExisted01', 'pay_OtherOrder0001', 'pay_StillTrying001']) {
      const res = await callback(payment.id, failurePost(rzpOrderId, named));
      expect(res.statusCode, named).toBe(303);
      expect(res.headers.location).toBe(`/payment-confirmation?status=false&orderId=${orderId}`);
    }
    // nor when Razorpay cannot be asked
    fake.state.down = true;
    expect((await callback(payment.id, failurePost(rzpOrderId, 'pay_NeverExisted01'))).statusCode).toBe(303);

    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'pending' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    const [stored] = await s.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored).toMatchObject({ status: 'pending', providerPaymentId: null });
    // the real payment still goes through
    fake.state.down = false;
    const good = { razorpay_payment_id: 'pay_29QQoUBi66xm2h', razorpay_order_id: rzpOrderId, razorpay_signature: hmac(KEY_SECRET, `${rzpOrderId}|pay_29QQoUBi66xm2h`) };
    expect((await callback(payment.id, good)).headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
  });

  it('records the payment when a failure post arrives for an order Razorpay has in fact been paid for', async () => {
    const { payment, rzpOrderId, orderId } = await placed(1);
    attempt('failed', { orderId: rzpOrderId, paymentId: 'pay_FirstTryFail01', amountPaise: payment.amount * 100 });
    attempt('captured', { orderId: rzpOrderId, paymentId: 'pay_SecondTryOk001', amountPaise: payment.amount * 100 });
    const res = await callback(payment.id, failurePost(rzpOrderId, 'pay_FirstTryFail01'));
    expect(res.headers.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
  });

  it('refuses a failure post naming another Razorpay order, and a post with neither result nor error', async () => {
    const { payment, rzpOrderId, orderId } = await placed(1);
    const other = await callback(payment.id, failurePost('order_aaaaaaaaaaaaaa', 'pay_29QQoUBi66xm2g'));
    expect(other.statusCode).toBe(403);
    const empty = await callback(payment.id, { hello: 'world' });
    expect(empty.statusCode).toBe(400);
    expect(rzpOrderId).toMatch(/^order_/);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'pending' });
  });
});

describe('POST /api/payments/razorpay/webhook', () => {
  it('records payment.captured (recorded sample, signed raw body) and handles each event id once', async () => {
    const { rzpOrderId, orderId } = await placed(2);
    const raw = sample('payment.captured', { orderId: rzpOrderId, amountPaise: 300000 });
    const headers = { 'x-razorpay-event-id': 'Eg1jWlN8bT1jNf' };
    const first = await webhook(raw, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false, handled: 'recorded' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });

    const again = await webhook(raw, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ received: true, duplicate: true, handled: 'already handled' });

    // order.paid for the same payment is another event, and changes nothing more
    const paid = await webhook(sample('order.paid', { orderId: rzpOrderId, amountPaise: 300000 }));
    expect(paid.json().data).toMatchObject({ duplicate: false, handled: 'already recorded' });
  });

  it('records order.paid', async () => {
    const { rzpOrderId, orderId } = await placed(1);
    const res = await webhook(sample('order.paid', { orderId: rzpOrderId, amountPaise: 150000 }));
    expect(res.json().data.handled).toBe('recorded');
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
  });

  it('refuses a tampered body or a missing or wrong signature, and records nothing', async () => {
    const { rzpOrderId, orderId } = await placed(2);
    const raw = sample('payment.captured', { orderId: rzpOrderId, amountPaise: 300000 });
    const tampered = raw.replace('"amount": 300000', '"amount": 100');
    const a = await s.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(WEBHOOK_SECRET, raw), 'x-razorpay-event-id': 'evt_tampered' },
      payload: tampered,
    });
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toBe('Invalid webhook signature');
    // the same JSON re-serialised (whitespace changed) no longer matches: the signature covers the raw bytes
    const b = await webhook(JSON.stringify(JSON.parse(raw)), { 'x-razorpay-signature': hmac(WEBHOOK_SECRET, raw) });
    expect(b.statusCode).toBe(403);
    const c = await s.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: { 'content-type': 'application/json' }, payload: raw });
    expect(c.statusCode).toBe(403);
    const d = await webhook(raw, { 'x-razorpay-signature': hmac('another-secret', raw) });
    expect(d.statusCode).toBe(403);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
    // a refused delivery is not remembered: the genuine one with that id still counts
    const genuine = await webhook(raw, { 'x-razorpay-event-id': 'evt_tampered' });
    expect(genuine.json().data.handled).toBe('recorded');
  });

  it('does not record a capture whose amount differs from the payment', async () => {
    const { rzpOrderId, orderId } = await placed(2);
    const res = await webhook(sample('payment.captured', { orderId: rzpOrderId, amountPaise: 100 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.handled).toBe('amount mismatch');
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
  });

  it('notes payment.failed without cancelling (the payer may retry in Checkout), then accepts the retry', async () => {
    const { rzpOrderId, orderId, payment } = await placed(2);
    const failed = await webhook(sample('payment.failed', { orderId: rzpOrderId, amountPaise: 300000 }));
    expect(failed.json().data.handled).toBe('failure noted');
    const [noted] = await s.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(noted).toMatchObject({ status: 'pending', failureReason: 'Payment failed due to incorrect card details' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
    const captured = await webhook(sample('payment.captured', { orderId: rzpOrderId, amountPaise: 300000 }));
    expect(captured.json().data.handled).toBe('recorded');
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
  });

  it('marks a refund due when Razorpay captures a payment we had already expired', async () => {
    const { rzpOrderId, orderId, buyer } = await placed(1);
    travel(31 * 60);
    await post(s, '/order/list', {}, buyer.headers);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    const res = await webhook(sample('payment.captured', { orderId: rzpOrderId, amountPaise: 150000 }));
    expect(res.json().data.handled).toBe('recorded');
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
  });

  it('acknowledges events it does not act on, and unknown orders', async () => {
    const raw = sample('payment.captured', { orderId: 'order_unknown000000', amountPaise: 100 });
    expect((await webhook(raw)).json().data.handled).toBe('unknown order');
    const refund = JSON.stringify({ entity: 'event', event: 'refund.created', payload: { refund: { entity: { id: 'rfnd_1' } } } });
    expect((await webhook(refund)).json().data.handled).toBe('ignored');
  });

  it('credits a wallet recharge paid through Razorpay exactly once', async () => {
    const { headers, user } = await loginAs(s);
    const started = await post(s, '/wallet/recharge-wallet', { amount: 500 }, headers);
    expect(started.status).toBe(201);
    const [payment] = await s.db.select().from(payments).where(eq(payments.id, started.body.data.paymentId));
    expect(fake.requests.at(-1)!.body).toMatchObject({ amount: 50000, notes: { purpose: 'wallet' } });
    const raw = sample('payment.captured', { orderId: payment!.providerOrderId!, amountPaise: 50000 });
    await webhook(raw, { 'x-razorpay-event-id': 'evt_recharge_1' });
    await webhook(raw, { 'x-razorpay-event-id': 'evt_recharge_1' });
    await webhook(sample('order.paid', { orderId: payment!.providerOrderId!, amountPaise: 50000 }));
    const wallet = await get(s, '/wallet/fetchBalance', headers);
    expect(wallet.body.data.walletBalance).toBe(500);
    const credits = await s.db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ type: 'credit', status: 'completed', amount: 500 });
  });
});

describe('POST /api/order/confirmOrder with Razorpay in-page checkout fields', () => {
  it('verifies and records them', async () => {
    const { rzpOrderId, orderId, buyer } = await placed(1);
    const bad = await post(s, '/order/confirmOrder', { orderId, razorpay_order_id: rzpOrderId, razorpay_payment_id: 'pay_X', razorpay_signature: 'deadbeef' }, buyer.headers);
    expect(bad.status).toBe(403);
    const res = await post(
      s,
      '/order/confirmOrder',
      { orderId, razorpay_order_id: rzpOrderId, razorpay_payment_id: 'pay_X', razorpay_signature: hmac(KEY_SECRET, `${rzpOrderId}|pay_X`) },
      buyer.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: true, orderStatus: 'pending', paymentStatus: 'paid' });
  });
});

describe('Razorpay without PUBLIC_URL', () => {
  let local: TestServer;
  beforeAll(async () => {
    const { port } = fake.server.address() as AddressInfo;
    local = await createTestServer({
      PUBLIC_URL: undefined,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => local.close());

  it('sends the payer to checkout, and Razorpay back, at the address the app was opened at', async () => {
    const shop = await newShop(local, { sizes: { m: 5 } });
    const buyer = await loginAs(local);
    const res = await buyNow(local, { ...buyer.headers, host: '127.0.0.1:3000' }, { productId: shop.product.id, size: 'm' });
    expect(res.status).toBe(201);
    const url = res.body.data.url as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/payments\/razorpay\/[0-9a-f-]{36}$/);
    const page = await local.app.inject({ method: 'GET', url: pathOf(url), headers: { host: '127.0.0.1:3000' } });
    expect(page.body).toContain(`"callback_url":"${url}/callback"`);
  });
});

describe('RazorpayProvider', () => {
  it('refuses webhooks when no webhook secret is configured', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, JWT_SECRET: 'x'.repeat(32) });
    const provider = new RazorpayProvider(config);
    expect(() => provider.parseWebhook(Buffer.from('{}'), { 'x-razorpay-signature': 'ab' })).toThrow('Payment webhooks are not configured');
  });

  it('computes the checkout signature as Razorpay documents it', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, JWT_SECRET: 'x'.repeat(32) });
    const provider = new RazorpayProvider(config);
    expect(provider.checkoutSignature('order_IluGWxBm9U8zJ8', 'pay_IluGWxBm9U8zJ9')).toBe(hmac(KEY_SECRET, 'order_IluGWxBm9U8zJ8|pay_IluGWxBm9U8zJ9'));
  });
});
