import { eq } from 'drizzle-orm';
import { MSG } from '@statewise/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, walletTransactions } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs, travel } from '../../test/auth.ts';
import { uniqueMobile } from '../../test/factories.ts';
import { anAddress, buyNow, fundWallet, get, newShop, newStockedProduct, pageSignature, pathOf, payInSandbox, post } from '../../test/orders.ts';
import { transitionOrder } from '../orders/status.ts';
import { creditNewUserReward } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());
afterEach(() => travel.reset());

const balanceOf = async (headers: Record<string, string>) => (await get(s, '/wallet/fetchBalance', headers)).body.data.walletBalance as number;

describe('GET /api/wallet/fetchBalance', () => {
  it('gives an empty wallet as 0 with no transactions, and needs sign-in', async () => {
    const { headers } = await loginAs(s);
    const res = await get(s, '/wallet/fetchBalance', headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ walletBalance: 0, unspentReward: 0, transactions: [] });
    expect((await get(s, '/wallet/fetchBalance')).status).toBe(401);
  });

  it('lists transactions newest first with type, status, description and amount', async () => {
    const { headers, user } = await loginAs(s);
    await fundWallet(s.db, user.id, 700);
    const started = await post(s, '/wallet/recharge-wallet', { amount: 250 }, headers);
    const res = await get(s, '/wallet/fetchBalance', headers);
    expect(res.body.data.walletBalance).toBe(700);
    expect(res.body.data.transactions).toEqual([
      expect.objectContaining({ type: 'credit', status: 'pending', amount: 250, description: 'Wallet recharge', orderId: null }),
      expect.objectContaining({ type: 'credit', status: 'completed', amount: 700 }),
    ]);
    expect(started.status).toBe(201);
  });

  it('answers vendors too (the web just shows them no wallet menu)', async () => {
    const { headers } = await loginAs(s, { role: 'vendor' });
    expect((await get(s, '/wallet/fetchBalance', headers)).status).toBe(200);
  });
});

describe('the new-user reward', () => {
  it('credits ₹200 once to every account created by sign-up', async () => {
    const mobile = uniqueMobile();
    const sent = await post(s, '/auth/request-otp', { type: 'mobile', mobile });
    const verified = await post(s, '/auth/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp });
    const reg = await post(s, '/auth/register', { type: 'mobile', mobile, firstname: 'Nisha', lastname: 'Verma', otpVerificationCode: verified.body.data.token });
    expect(reg.status).toBe(201);
    const headers = { authorization: `Bearer ${reg.body.data.accessToken}` };
    const wallet = await get(s, '/wallet/fetchBalance', headers);
    expect(wallet.body.data.walletBalance).toBe(200);
    expect(wallet.body.data.transactions).toEqual([expect.objectContaining({ type: 'credit', status: 'completed', amount: 200, description: 'New user reward' })]);

    // a second attempt to reward the same account changes nothing
    await creditNewUserReward(s.db, reg.body.data.user._id);
    expect(await balanceOf(headers)).toBe(200);
  });
});

describe('POST /api/wallet/recharge-wallet', () => {
  it('refuses amounts outside ₹100–₹10,000 with the spec’s message', async () => {
    const { headers } = await loginAs(s);
    for (const amount of [99, 10, 10001, 0, -5, 150.5, 'abc', null]) {
      const res = await post(s, '/wallet/recharge-wallet', { amount }, headers);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message).toBe('Amount should be between 100 and 10,000');
    }
    expect((await post(s, '/wallet/recharge-wallet', { amount: 100 }, headers)).status).toBe(201);
    expect((await post(s, '/wallet/recharge-wallet', { amount: '10000' }, headers)).status).toBe(201);
    expect((await post(s, '/wallet/recharge-wallet', { amount: 500 })).status).toBe(401);
  });

  it('goes through the payment page and credits the wallet exactly once', async () => {
    const { headers, user } = await loginAs(s);
    const res = await post(s, '/wallet/recharge-wallet', { amount: 1500 }, headers);
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe(`http://localhost:3000/api/payments/sandbox/${res.body.data.paymentId}`);
    const page = await s.app.inject({ method: 'GET', url: pathOf(res.body.data.url) });
    expect(page.body).toContain('₹1,500');
    expect(page.body).toContain('wallet recharge');
    expect(await balanceOf(headers)).toBe(0);

    const signature = await pageSignature(s, res.body.data.url, 'success');
    const pay = () =>
      s.app.inject({
        method: 'POST',
        url: `${pathOf(res.body.data.url)}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ outcome: 'success', signature }).toString(),
      });
    const back = await pay();
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/wallet?status=true');
    const replay = await pay();
    expect(replay.headers.location).toBe('/wallet?status=true');
    expect(await balanceOf(headers)).toBe(1500);
    const rows = await s.db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ type: 'credit', status: 'completed', amount: 1500, kind: 'recharge' })]);
  });

  it('marks a failed or abandoned recharge as failed, crediting nothing', async () => {
    const { headers } = await loginAs(s);
    const failed = await post(s, '/wallet/recharge-wallet', { amount: 300 }, headers);
    const back = await payInSandbox(s, failed.body.data.url, 'failure');
    expect(back.location).toBe('/wallet?status=false');
    const abandoned = await post(s, '/wallet/recharge-wallet', { amount: 400 }, headers);
    travel(31 * 60);
    const wallet = await get(s, '/wallet/fetchBalance', headers);
    expect(wallet.body.data.walletBalance).toBe(0);
    expect(wallet.body.data.transactions.map((t: { status: string; amount: number }) => [t.amount, t.status])).toEqual([
      [400, 'failed'],
      [300, 'failed'],
    ]);
    const [payment] = await s.db.select().from(payments).where(eq(payments.id, abandoned.body.data.paymentId));
    expect(payment!.status).toBe('expired');
  });
});

describe('wallet cash at checkout', () => {
  it('is refused below a ₹300 balance or a ₹500 order total, with the tooltips’ messages', async () => {
    const shop = await newShop(s);
    const cheap = await newStockedProduct(s, shop, { price: 499, offeredPrice: 499 });
    const poor = await loginAs(s);
    await fundWallet(s.db, poor.user.id, 299);
    const low = await buyNow(s, poor.headers, { productId: shop.product.id, size: 'm' }, { isWalletUse: 'true' });
    expect(low.status).toBe(409);
    expect(low.body.message).toBe('Wallet balance must be at least ₹300 to use');

    const rich = await loginAs(s);
    await fundWallet(s.db, rich.user.id, 5000);
    const small = await buyNow(s, rich.headers, { productId: cheap.id, size: 'm' }, { isWalletUse: 'true' });
    expect(small.status).toBe(400);
    expect(small.body.message).toBe('Order total must exceed ₹500 to use wallet');
    // exactly ₹500 is enough (the rule says "at least")
    const two = await buyNow(s, rich.headers, { productId: cheap.id, size: 'm', quantity: 2 }, { isWalletUse: 'true', paymentMode: 'cod' });
    expect(two.status).toBe(201);
    expect(two.body.data.order.walletAmountUsed).toBe(998);
  });

  it('uses min(balance, payable): part of an online order, the rest through the gateway', async () => {
    const shop = await newShop(s);
    const { headers, user } = await loginAs(s);
    await fundWallet(s.db, user.id, 1000);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 2 }, { isWalletUse: 'true' });
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ orderGrandTotal: 3000, walletAmountUsed: 1000, amountPayable: 2000, paymentMode: 'online', orderStatus: 'created' });
    const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, res.body.data.orderId));
    expect(payment!.amount).toBe(2000);
    // held while the payment is open
    const held = await get(s, '/wallet/fetchBalance', headers);
    expect(held.body.data.walletBalance).toBe(0);
    expect(held.body.data.transactions[0]).toMatchObject({ type: 'debit', status: 'pending', amount: 1000, orderId: res.body.data.orderId });
    await payInSandbox(s, res.body.data.url, 'success');
    const spent = await get(s, '/wallet/fetchBalance', headers);
    expect(spent.body.data.walletBalance).toBe(0);
    expect(spent.body.data.transactions[0]).toMatchObject({ type: 'debit', status: 'completed', description: `Paid for order ${res.body.data.order.orderNumber}` });
  });

  it('covers a whole order without the gateway: pending at once, paid by wallet', async () => {
    const shop = await newShop(s);
    const { headers, user } = await loginAs(s);
    await fundWallet(s.db, user.id, 5000);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { isWalletUse: 'true', paymentMode: 'online' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ url: null, paymentRequired: false });
    expect(res.body.data.order).toMatchObject({ walletAmountUsed: 1500, amountPayable: 0, paymentMode: 'wallet', paymentStatus: 'paid', orderStatus: 'pending' });
    expect(await balanceOf(headers)).toBe(3500);
  });

  it('is left alone when isWalletUse is false, and is debited at once with cash on delivery', async () => {
    const shop = await newShop(s);
    const { headers, user } = await loginAs(s);
    await fundWallet(s.db, user.id, 800);
    const none = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { isWalletUse: 'false', paymentMode: 'cod' });
    expect(none.body.data.order.walletAmountUsed).toBe(0);
    expect(await balanceOf(headers)).toBe(800);
    const cod = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { isWalletUse: 'true', paymentMode: 'cod' });
    expect(cod.body.data.order).toMatchObject({ walletAmountUsed: 800, amountPayable: 700, paymentMode: 'cod', paymentStatus: 'cod', orderStatus: 'pending' });
    expect(await balanceOf(headers)).toBe(0);
  });

  it('is refunded when the order is cancelled', async () => {
    const shop = await newShop(s);
    const { headers, user } = await loginAs(s);
    await fundWallet(s.db, user.id, 600);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { isWalletUse: 'true', paymentMode: 'cod' });
    expect(await balanceOf(headers)).toBe(0);
    await transitionOrder(s.db, res.body.data.orderId, 'cancelled');
    const wallet = await get(s, '/wallet/fetchBalance', headers);
    expect(wallet.body.data.walletBalance).toBe(600);
    expect(wallet.body.data.transactions[0]).toMatchObject({
      type: 'credit',
      status: 'completed',
      amount: 600,
      description: `Refund for cancelled order ${res.body.data.order.orderNumber}`,
    });
  });

  it('never takes a wallet below zero, whatever orders run at once', async () => {
    const shop = await newShop(s, { sizes: { m: 10, l: 10 } });
    const { headers, user } = await loginAs(s);
    await fundWallet(s.db, user.id, 2000);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => buyNow(s, headers, { productId: shop.product.id, size: i % 2 ? 'm' : 'l' }, { isWalletUse: 'true', paymentMode: 'cod' })),
    );
    expect(results.some((r) => r.status >= 500)).toBe(false);
    const ok = results.filter((r) => r.status === 201);
    const used = ok.reduce((n, r) => n + (r.body.data.order.walletAmountUsed as number), 0);
    // 1500 from the first order, then 500 left (≥ 300) for the second, then nothing: the rest are refused
    expect(used).toBe(2000);
    expect(ok).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === 'Wallet balance must be at least ₹300 to use')).toBe(true);
    expect(await balanceOf(headers)).toBe(0);
    const stored = await s.db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    const sum = stored.reduce((n, t) => n + (t.type === 'credit' ? (t.status === 'completed' ? t.amount : 0) : t.status === 'failed' ? 0 : -t.amount), 0);
    expect(sum).toBe(0);
    const placed = await s.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(placed).toHaveLength(2);
  });

  it('is never offered to guests (their orders have no wallet)', async () => {
    const shop = await newShop(s);
    const address = anAddress();
    const sent = await post(s, '/guest/send-otp', { type: 'mobile', mobile: address.mobile });
    const token = (await post(s, '/guest/verify-otp', { type: 'mobile', mobile: address.mobile, otp: sent.body.data.otp })).body.data.token;
    const res = await post(s, '/order/create/guest-buy-now', { address, paymentMode: 'online', guestToken: token, productId: shop.product.id, size: 'm', isWalletUse: 'true' });
    expect(res.status).toBe(201);
    expect(res.body.data.order.walletAmountUsed).toBe(0);
  });
});

describe('the new-user reward at checkout (issue 9)', () => {
  it('pays part of an order of ₹500 or more with the ₹200 reward alone, once', async () => {
    const { unspentReward } = await import('./service.ts');
    const shop = await newShop(s, { sizes: { m: 5 } });
    const buyer = await loginAs(s);
    await creditNewUserReward(s.db, buyer.user.id);
    const wallet = await s.app.inject({ method: 'GET', url: '/api/wallet/fetchBalance', headers: buyer.headers });
    expect(wallet.json().data).toMatchObject({ walletBalance: 200, unspentReward: 200 });
    const first = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod', isWalletUse: 'true' });
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.data.order).toMatchObject({ walletAmountUsed: 200, amountPayable: 1300 });
    expect(await unspentReward(s.db, buyer.user.id)).toBe(0);
    // spent: a small recharge later does not make the ₹300 rule go away
    await fundWallet(s.db, buyer.user.id, 100);
    const second = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod', isWalletUse: 'true' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MSG.walletMinBalance);
  });
});
