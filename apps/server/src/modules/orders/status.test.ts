import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@statewise/contract';
import { orders, orderVendorGroups, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { buyNow, fundWallet, get, newShop, payInSandbox, salesOf, stockOf } from '../../test/orders.ts';
import { assertTransition, canTransition, transitionOrder } from './status.ts';
import { refusal } from '../../test/refusal.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const orderRow = async (id: string) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function codOrder(quantity = 2) {
  const shop = await newShop(s, { sizes: { m: 5 } });
  const buyer = await loginAs(s);
  const res = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm', quantity }, { paymentMode: 'cod' });
  expect(res.status).toBe(201);
  return { shop, buyer, orderId: res.body.data.orderId as string };
}


describe('the order state machine (ORDER_TRANSITIONS)', () => {
  it('allows exactly the moves of the table and nothing else', () => {
    const allowed = [
      'created→pending',
      'created→cancelled',
      'pending→confirmed',
      'pending→cancelled',
      'confirmed→shipped',
      'confirmed→cancelled',
      'shipped→delivered',
    ];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition(from, to), `${from}→${to}`).toBe(allowed.includes(`${from}→${to}`));
        expect(ORDER_TRANSITIONS[from].includes(to)).toBe(allowed.includes(`${from}→${to}`));
      }
    }
  });

  it('refuses an illegal move with 409 and says which', () => {
    try {
      assertTransition('delivered', 'cancelled');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(409);
      expect((err as AppError).message).toBe('An order that is delivered cannot be moved to cancelled');
    }
  });
});

describe('transitionOrder', () => {
  it('moves a cash-on-delivery order through confirmed, shipped (with tracking) and delivered (then paid)', async () => {
    const { orderId, buyer } = await codOrder();
    await transitionOrder(s.db, orderId, 'confirmed');
    await transitionOrder(s.db, orderId, 'shipped', { awsNumber: 'AWB123456789', courierPartner: 'Delhivery' });
    const shipped = await get(s, `/order/${orderId}`, buyer.headers);
    expect(shipped.body.data.orderStatus).toBe('shipped');
    expect(shipped.body.data.ordersVendorWise[0]).toMatchObject({ status: 'shipped', awsNumber: 'AWB123456789', courierPartner: 'Delhivery' });
    const delivered = await transitionOrder(s.db, orderId, 'delivered');
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('refuses illegal moves with 409 and changes nothing', async () => {
    const { orderId } = await codOrder();
    for (const to of ['shipped', 'delivered', 'created', 'pending'] as const) {
      const err = await refusal(transitionOrder(s.db, orderId, to));
      expect(err.status).toBe(409);
    }
    await transitionOrder(s.db, orderId, 'cancelled');
    const again = await refusal(transitionOrder(s.db, orderId, 'cancelled'));
    expect(again.status).toBe(409);
    expect(again.message).toBe('An order that is cancelled cannot be moved to cancelled');
    expect((await refusal(transitionOrder(s.db, orderId, 'confirmed'))).status).toBe(409);
    expect((await orderRow(orderId)).status).toBe('cancelled');
  });

  it('never moves an order awaiting payment forward: only its payment does', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' });
    const err = await refusal(transitionOrder(s.db, res.body.data.orderId, 'confirmed'));
    expect(err.status).toBe(409);
    const alsoErr = await refusal(transitionOrder(s.db, res.body.data.orderId, 'pending'));
    expect(alsoErr.status).toBe(409);
  });

  it('cancelling undoes the order: stock back, sales uncounted, cash on delivery no longer due', async () => {
    const { orderId, shop } = await codOrder(3);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(2);
    expect(await salesOf(s.db, shop.product.id)).toBe(3);
    await transitionOrder(s.db, orderId, 'confirmed');
    const cancelled = await transitionOrder(s.db, orderId, 'cancelled');
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'cancelled' });
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    expect(await salesOf(s.db, shop.product.id)).toBe(0);
    const groups = await s.db.select().from(orderVendorGroups).where(eq(orderVendorGroups.orderId, orderId));
    expect(groups.every((g) => g.status === 'cancelled')).toBe(true);
  });

  it('cancelling a paid order marks the gateway refund due, or refunded when the wallet paid it all', async () => {
    const shop = await newShop(s);
    const buyer = await loginAs(s);
    const online = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' });
    await payInSandbox(s, online.body.data.url, 'success');
    expect((await transitionOrder(s.db, online.body.data.orderId, 'cancelled')).paymentStatus).toBe('refund_pending');

    await fundWallet(s.db, buyer.user.id, 2000);
    const byWallet = await buyNow(s, buyer.headers, { productId: shop.product.id, size: 'm' }, { isWalletUse: 'true' });
    expect(byWallet.body.data.order.paymentMode).toBe('wallet');
    expect((await transitionOrder(s.db, byWallet.body.data.orderId, 'cancelled')).paymentStatus).toBe('refunded');
    expect((await get(s, '/wallet/fetchBalance', buyer.headers)).body.data.walletBalance).toBe(2000);
  });

  it('cancelling an order awaiting payment fails its payment, once, and releases the stock', async () => {
    const shop = await newShop(s, { sizes: { m: 5 } });
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 4 });
    const cancelled = await transitionOrder(s.db, res.body.data.orderId, 'cancelled');
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, res.body.data.orderId));
    expect(payment!.status).toBe('failed');
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
    // the payer pressing Pay afterwards changes nothing
    const late = await payInSandbox(s, res.body.data.url, 'success').catch(() => null);
    expect(late).toBeNull();
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
  });

  it('answers 404 for an unknown order', async () => {
    const err = await refusal(transitionOrder(s.db, '00000000-0000-4000-8000-000000000000', 'confirmed'));
    expect(err.status).toBe(404);
  });
});
