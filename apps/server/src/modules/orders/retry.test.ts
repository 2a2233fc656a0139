import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, walletTransactions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, travel } from '../../test/auth.ts';
import { anAddress, buyNow, fundWallet, get, guestToken, newShop, pageSignature, pathOf, payInSandbox, post, salesOf, stockOf } from '../../test/orders.ts';
import { expireDuePayments } from '../payments/service.ts';
import { transitionOrder } from './status.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => travel.reset());

const orderRow = async (id: string) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: string) => s.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
const retry = (orderId: string, headers: Record<string, string> = {}, body: Record<string, unknown> = {}) => post(s, `/order/retry-payment/${orderId}`, body, headers);

/** A signed-in buyer's online buy-now order whose first payment failed on the sandbox page. */
async function failedOrder(opts: { quantity?: number; wallet?: number } = {}) {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  if (opts.wallet) await fundWallet(s.db, buyer.user.id, opts.wallet);
  const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity: opts.quantity ?? 2 }, opts.wallet ? { isWalletUse: 'true' } : {});
  expect(res.status).toBe(201);
  const firstUrl = res.body.data.url as string;
  const back = await payInSandbox(s, firstUrl, 'failure');
  expect(back.location).toBe(`/payment-confirmation?status=false&orderId=${res.body.data.orderId}`);
  return { shop, buyer, orderId: res.body.data.orderId as string, firstUrl };
}

/** A guest's online buy-now order (verified mobile), with the order token its answer carried. */
async function guestOrder() {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const address = anAddress();
  const token = await guestToken(s, address.mobile);
  const res = await post(s, '/order/create/guest-buy-now', { address, paymentMode: 'online', guestToken: token, productId: shop.product.id, size: 'm', quantity: 1 });
  expect(res.status).toBe(201);
  return { shop, address, orderId: res.body.data.orderId as string, url: res.body.data.url as string, orderToken: res.body.data.guestOrderToken as string };
}

describe('POST /api/order/retry-payment/:id', () => {
  it('starts a new payment for an order held after a failed attempt, with the same 30-minute deadline, and paying it confirms the order', async () => {
    const { shop, buyer, orderId, firstUrl } = await failedOrder({ quantity: 2 });
    const held = await orderRow(orderId);
    const res = await retry(orderId, buyer.headers);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/sandbox\/[0-9a-f-]{36}$/);
    expect(res.body.data.url).not.toBe(firstUrl);
    expect(res.body.data.paymentExpiresAt).toBe(held.paymentExpiresAt!.toISOString());
    const [first, second] = await paymentsOf(orderId);
    expect(first).toMatchObject({ status: 'failed' });
    expect(second).toMatchObject({ status: 'pending', amount: 3000, expiresAt: held.paymentExpiresAt });
    expect(await orderRow(orderId)).toMatchObject({ status: 'created', paymentStatus: 'pending' });

    const back = await payInSandbox(s, res.body.data.url, 'success');
    expect(back.location).toBe(`/payment-confirmation?status=true&orderId=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    expect(await salesOf(s.db, shop.product.id)).toBe(2);
  });

  it('records the order paid exactly once when the first attempt failed and the second succeeded, whatever is replayed', async () => {
    const { shop, buyer, orderId, firstUrl } = await failedOrder({ quantity: 1, wallet: 1000 });
    // the first page's forms, as a payer who kept the tab could still post them
    const { url } = (await retry(orderId, buyer.headers)).body.data;
    const firstPayment = (await paymentsOf(orderId))[0]!;
    const success = await pageSignature(s, url, 'success');
    const failure = await pageSignature(s, url, 'failure');
    const complete = (u: string, outcome: string, signature: string) =>
      s.app.inject({ method: 'POST', url: `${pathOf(u)}/complete`, headers: { 'content-type': 'application/json' }, payload: { outcome, signature } });
    const all = await Promise.all([...Array.from({ length: 3 }, () => complete(url, 'success', success)), complete(url, 'failure', failure)]);
    expect(new Set(all.map((r) => r.headers.location)).size).toBe(1);
    const order = await orderRow(orderId);
    if (order.status !== 'pending') throw new Error('the concurrent failure won; this test needs the success recorded');
    // the failed first payment cannot be turned into a success afterwards (its page now shows its outcome)
    const firstPage = await s.app.inject({ method: 'GET', url: pathOf(firstUrl) });
    expect(firstPage.body).toContain('This payment failed.');
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect(firstPayment.status).toBe('failed');
    expect(await salesOf(s.db, shop.product.id)).toBe(1);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(4);
    // wallet cash spent once: one debit, completed
    const debits = await s.db.select().from(walletTransactions).where(eq(walletTransactions.orderId, orderId));
    expect(debits).toEqual([expect.objectContaining({ type: 'debit', status: 'completed', amount: 1000 })]);
    expect((await get(s, '/wallet/fetchBalance', buyer.headers)).body.data.walletBalance).toBe(0);
    // and a retry now is refused
    expect((await retry(orderId, buyer.headers)).status).toBe(409);
  }, 20_000);

  it('sends the payer back to the same page while the last attempt is still pending (never two live payments)', async () => {
    const shop = await newShop(s);
    const buyer = await loginAs(s);
    const placed = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' });
    const res = await retry(placed.body.data.orderId, buyer.headers);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe(placed.body.data.url);
    expect(await paymentsOf(placed.body.data.orderId)).toHaveLength(1);
  });

  it('answers 409 once the order is paid, cancelled or past its 30 minutes', async () => {
    const paid = await failedOrder();
    const { url } = (await retry(paid.orderId, paid.buyer.headers)).body.data;
    await payInSandbox(s, url, 'success');
    const afterPaid = await retry(paid.orderId, paid.buyer.headers);
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.body.message).toBe('This order can no longer be paid: it has been paid or cancelled, or its 30 minutes are over');

    const cancelled = await failedOrder({ quantity: 3 });
    await transitionOrder(s.db, cancelled.orderId, 'cancelled');
    expect(await orderRow(cancelled.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(s.db, cancelled.shop.product.id, { size: 'm' })).toBe(5);
    expect((await retry(cancelled.orderId, cancelled.buyer.headers)).status).toBe(409);

    const expired = await failedOrder({ quantity: 2 });
    travel(31 * 60);
    const late = await retry(expired.orderId, expired.buyer.headers);
    expect(late.status).toBe(409);
    expect(await orderRow(expired.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    expect(await stockOf(s.db, expired.shop.product.id, { size: 'm' })).toBe(5);
    expect(await paymentsOf(expired.orderId)).toHaveLength(1);
  }, 20_000);

  it("refuses another account's order (403), and asks for a login on an account's order (401)", async () => {
    const { orderId } = await failedOrder();
    const other = await loginAs(s);
    const res = await retry(orderId, other.headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This order belongs to another account');
    expect((await retry(orderId)).status).toBe(401);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("lets a guest retry with the order's token only (403 without it or with another), 404 for an unknown order", async () => {
    const g = await guestOrder();
    await payInSandbox(s, g.url, 'failure');
    expect((await retry(g.orderId)).status).toBe(403);
    expect((await retry(g.orderId, {}, { orderToken: 'A'.repeat(43) })).status).toBe(403);
    const someone = await loginAs(s);
    expect((await retry(g.orderId, someone.headers)).status).toBe(403);
    const ok = await retry(g.orderId, {}, { orderToken: g.orderToken });
    expect(ok.status).toBe(200);
    await payInSandbox(s, ok.body.data.url, 'success');
    expect(await orderRow(g.orderId)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect((await retry('00000000-0000-4000-8000-000000000000', someone.headers)).status).toBe(404);
    expect((await retry('nope', someone.headers)).status).toBe(400);
  });
});

describe('POST /api/guest/order (the guest order link)', () => {
  it('gives the guest, and only the guest, a random token kept as a hash; an account order gets none', async () => {
    const g = await guestOrder();
    expect(g.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await orderRow(g.orderId);
    expect(row.guestAccessHash).toBe(createHash('sha256').update(g.orderToken).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(g.orderToken);
    const shop = await newShop(s);
    const buyer = await loginAs(s);
    expect((await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' })).body.data.guestOrderToken).toBeNull();
  });

  it('reads the order by its token: status, items, amount, address, expected delivery, and tracking once shipped', async () => {
    const g = await guestOrder();
    await payInSandbox(s, g.url, 'success');
    const res = await post(s, '/guest/order', { token: g.orderToken });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data;
    expect(data).toMatchObject({ orderId: g.orderId, orderStatus: 'pending', paymentStatus: 'paid', status: true, canRetryPayment: false });
    expect(data.order.productDetails).toEqual([expect.objectContaining({ name: g.shop.product.name, size: 'm', quantity: 1, price: 1500, image: expect.any(String) })]);
    expect(data.order).toMatchObject({ orderGrandTotal: 1500, amountPayable: 1500, address: { firstName: 'Asha', pincode: 302001, city: expect.any(String) } });
    expect(data.expectedDelivery).toMatchObject({ deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), deliveryText: expect.stringMatching(/^Delivery by /) });

    await transitionOrder(s.db, g.orderId, 'confirmed');
    await transitionOrder(s.db, g.orderId, 'shipped', { awsNumber: 'AWB123456', courierPartner: 'Delhivery' });
    const shipped = (await post(s, '/guest/order', { token: g.orderToken })).body.data;
    expect(shipped.orderStatus).toBe('shipped');
    expect(shipped.order.ordersVendorWise).toEqual([expect.objectContaining({ awsNumber: 'AWB123456', courierPartner: 'Delhivery', status: 'shipped' })]);
  });

  it('answers 404 for a wrong token and 400 for none', async () => {
    await guestOrder();
    const wrong = await post(s, '/guest/order', { token: 'B'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('This order link is not valid');
    const none = await post(s, '/guest/order', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('This order link is not valid');
  });
});

describe('POST /api/order/confirmOrder (details for the buyer)', () => {
  it("gives a signed-in buyer the order's items, address and expected delivery once paid; nothing of it while unpaid", async () => {
    const shop = await newShop(s);
    const buyer = await loginAs(s);
    const placed = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'l', quantity: 2 });
    const before = (await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId }, buyer.headers)).body.data;
    expect(before).toMatchObject({ status: false, canRetryPayment: true, expectedDelivery: null });
    await payInSandbox(s, placed.body.data.url, 'success');
    const after = (await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId }, buyer.headers)).body.data;
    expect(after).toMatchObject({ status: true, canRetryPayment: false, paymentExpiresAt: null });
    expect(after.order.productDetails[0]).toMatchObject({ size: 'l', quantity: 2, price: 1500 });
    expect(after.order.address.streetAddress).toBe('14 Johari Bazaar');
    expect(after.expectedDelivery.deliveryDays).toBeGreaterThanOrEqual(2);
  });

  it('ends a failed order held past its 30 minutes when it is read', async () => {
    const { orderId, buyer, shop } = await failedOrder({ quantity: 2 });
    travel(31 * 60);
    const res = await post(s, '/order/confirmOrder', { orderId }, buyer.headers);
    expect(res.body.data).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'expired', canRetryPayment: false });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    // a second sweep gives back nothing more
    await expireDuePayments(s.db);
    await post(s, '/order/confirmOrder', { orderId }, buyer.headers);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
  });
});
