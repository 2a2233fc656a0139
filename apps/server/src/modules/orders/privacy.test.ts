import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader } from '../../test/auth.ts';
import { newUser } from '../../test/factories.ts';
import { anAddress, buyNow, newShop, post } from '../../test/orders.ts';
import { transitionOrder } from './status.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const addressOf = async (id: string) => (await s.db.select({ address: orders.address }).from(orders).where(eq(orders.id, id)))[0]!.address;

describe('orders of a deleted account', () => {
  it('forgets the buyer on finished orders at once and on orders still on their way when they finish', async () => {
    const password = 'Bandhani42';
    const buyer = await newUser(s.db, { password });
    const headers = await authHeader(s, buyer);
    const shop = await newShop(s, { sizes: { m: 10 } });
    const order = async () => {
      const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod', address: anAddress({ email: 'asha@example.com' }) });
      expect(res.status).toBe(201);
      return res.body.data.orderId as string;
    };
    const delivered = await order();
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await transitionOrder(s.db, delivered, to);
    const cancelled = await order();
    await transitionOrder(s.db, cancelled, 'cancelled');
    const onItsWay = await order();
    await transitionOrder(s.db, onItsWay, 'confirmed');

    const res = await post(s, '/auth/deleteAccount', { type: 'mobile', mobile: buyer.mobile, password }, headers);
    expect(res.status).toBe(200);

    for (const id of [delivered, cancelled]) {
      const a = await addressOf(id);
      expect(a).toMatchObject({ firstName: 'Deleted', lastName: 'user', streetAddress: '', mobile: '', landmark: '', shippingNote: '' });
      expect(a).not.toHaveProperty('email');
      // the place of supply stays for the GST invoice
      expect(a).toMatchObject({ pincode: 302001, city: 'Jaipur', state: 'Rajasthan', country: 'India' });
    }
    // the vendor can still deliver what was paid for
    expect(await addressOf(onItsWay)).toMatchObject({ firstName: 'Asha', streetAddress: '14 Johari Bazaar', email: 'asha@example.com' });

    await transitionOrder(s.db, onItsWay, 'shipped', { awsNumber: 'AWB1', courierPartner: 'India Post' });
    const finished = await transitionOrder(s.db, onItsWay, 'delivered');
    expect(finished.address).toMatchObject({ firstName: 'Deleted', mobile: '', pincode: 302001 });
    expect(await addressOf(onItsWay)).not.toHaveProperty('email');
  });

  it("leaves a live account's orders alone when they finish", async () => {
    const buyer = await newUser(s.db);
    const shop = await newShop(s, { sizes: { m: 5 } });
    const res = await buyNow(s, await authHeader(s, buyer), { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    const id = res.body.data.orderId as string;
    await transitionOrder(s.db, id, 'cancelled');
    expect(await addressOf(id)).toMatchObject({ firstName: 'Asha', lastName: 'Verma', streetAddress: '14 Johari Bazaar' });
  });
});
