import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productSizes, products } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { newProduct } from '../../test/factories.ts';
import { anAddress, buyNow, newShop, newStockedProduct, payInSandbox, post } from '../../test/orders.ts';

/**
 * The figures triggers keep for the vendor console (migration 0039, ADR 033) must always equal a recount of the rows
 * they sum, whatever writes them: checkout, payment, the vendor's moves, a buyer's or vendor's cancel with its refund,
 * a failed payment, a re-dated order, product and stock edits.
 */

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

/** Rows in one query's answer and not the other's, both ways: [] when the kept figures equal the recount. */
async function differences(kept: string, recount: string): Promise<unknown[]> {
  const res = await s.db.execute(sql.raw(`(${kept} except ${recount}) union all (${recount} except ${kept})`));
  return res.rows;
}

async function expectFiguresEqualRecount() {
  // not a figure, but kept alike (migration 0040, ADR 037): every part carries its order's placed time
  expect(
    (await s.db.execute(sql`select g.id from order_vendor_groups g join orders o on o.id = g.order_id where g.placed_at <> o.created_at`)).rows,
    'parts placed when their orders were',
  ).toEqual([]);
  expect(
    await differences(
      'select vendor_id, status, parts from vendor_part_counts where parts <> 0',
      `select g.vendor_id, g.status, count(*)::int from order_vendor_groups g join orders o on o.id = g.order_id
       where o.status <> 'created' group by 1, 2`,
    ),
    'parts by status',
  ).toEqual([]);
  expect(
    await differences(
      'select vendor_id, day, orders, sales from vendor_daily_sales where orders <> 0 or sales <> 0',
      `select g.vendor_id, ((o.created_at at time zone 'UTC') + interval '330 minutes')::date, count(*)::int, sum(t.total)::bigint
       from order_vendor_groups g join orders o on o.id = g.order_id
       cross join lateral (select coalesce(sum(l.price * l.quantity), 0) as total from order_lines l where l.order_id = g.order_id and l.vendor_id = g.vendor_id) t
       where o.payment_status in ('paid', 'cod') and g.status <> 'cancelled' group by 1, 2`,
    ),
    'sales by day',
  ).toEqual([]);
  expect(
    await differences(
      'select vendor_id, published, unpublished from vendor_product_counts where published <> 0 or unpublished <> 0',
      `select vendor_id, count(*) filter (where is_active or held_by_suspension)::int, count(*) filter (where not (is_active or held_by_suspension))::int
       from products where deleted_at is null group by 1`,
    ),
    'products',
  ).toEqual([]);
  expect(
    await differences(
      'select product_id, vendor_id, name, qty from product_low_stock',
      `select p.id, p.vendor_id, p.name, x.qty from products p
       cross join lateral (select case when p.is_free_size then p.free_size_qty
         when p.is_color_options then (select min(quantity) from product_colors c where c.product_id = p.id)
         else (select min(quantity) from product_sizes z where z.product_id = p.id) end as qty) x
       where p.deleted_at is null and x.qty <= 3`,
    ),
    'low stock',
  ).toEqual([]);
}

const act = async (vendorId: string, orderId: string, action: string, body: Record<string, unknown> = {}) => {
  const res = await post(s, `/vendor/orders/${orderId}/${action}`, body, await authHeader(s, vendorId));
  expect(res.status, res.body.message).toBe(200);
};

describe('the vendor console figures kept by triggers', () => {
  it('equal a recount after orders are placed, paid, moved, cancelled, refunded and re-dated', async () => {
    const a = await newShop(s, { sizes: { m: 20 } });
    const b = await newShop(s, { sizes: { m: 20 } });
    await expectFiguresEqualRecount();

    // a two-vendor cash-on-delivery cart order
    const buyer = await loginAs(s);
    await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 2 }, buyer.headers);
    await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 1 }, buyer.headers);
    const cod = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' }, buyer.headers);
    expect(cod.status, cod.body.message).toBe(201);
    const codId = cod.body.data.orderId as string;
    await expectFiguresEqualRecount();

    // online: one paid, one still awaiting payment (not counted), one whose payment fails
    const paid = await buyNow(s, buyer.headers, { productId: a.product.id, size: 'm', quantity: 3 });
    const waiting = await buyNow(s, buyer.headers, { productId: b.product.id, size: 'm' });
    const failing = await buyNow(s, buyer.headers, { productId: b.product.id, size: 'm' });
    await expectFiguresEqualRecount();
    expect((await payInSandbox(s, paid.body.data.url, 'success')).status).toBe(303);
    expect((await payInSandbox(s, failing.body.data.url, 'failure')).status).toBe(303);
    expect(waiting.status).toBe(201);
    await expectFiguresEqualRecount();

    // the vendor moves its part along; cash on delivery is paid on delivery
    await act(a.vendor.userId, codId, 'confirm');
    await act(a.vendor.userId, codId, 'ship', { courierPartner: 'Delhivery', awsNumber: 'DLV-55501' });
    await act(a.vendor.userId, codId, 'deliver');
    await expectFiguresEqualRecount();

    // a paid two-vendor order: the buyer cancels b's part (refunded), then a cancels its own (the order is cancelled)
    await post(s, '/cart/add', { productId: a.product.id, size: 'm', quantity: 1 }, buyer.headers);
    await post(s, '/cart/add', { productId: b.product.id, size: 'm', quantity: 2 }, buyer.headers);
    const online = await post(s, '/order/create', { address: anAddress(), paymentMode: 'online', isWalletUse: 'false' }, buyer.headers);
    expect(online.status, online.body.message).toBe(201);
    expect((await payInSandbox(s, online.body.data.url, 'success')).status).toBe(303);
    const onlineId = online.body.data.orderId as string;
    await expectFiguresEqualRecount();
    const buyerCancel = await post(s, `/order/cancel/${onlineId}`, { vendorId: b.vendor.userId, reason: 'Ordered the wrong size' }, buyer.headers);
    expect(buyerCancel.status, buyerCancel.body.message).toBe(200);
    await expectFiguresEqualRecount();
    await act(a.vendor.userId, onlineId, 'cancel', { reason: 'Out of fabric' });
    const [cancelled] = await s.db.select().from(orders).where(eq(orders.id, onlineId));
    expect(cancelled!.status).toBe('cancelled');
    await expectFiguresEqualRecount();

    // b cancels its part of the cash-on-delivery order; then an order is re-dated to another day
    await act(b.vendor.userId, codId, 'cancel', { reason: 'Damaged in the workshop' });
    await s.db.update(orders).set({ createdAt: new Date('2026-01-15T20:00:00Z') }).where(eq(orders.id, paid.body.data.orderId));
    await expectFiguresEqualRecount();
  });

  it('equal a recount after products are added, edited, unpublished, deleted and their stock moves', async () => {
    const shop = await newShop(s, { name: 'Ajrakh stole', sizes: { s: 1, m: 9 } });
    const free = await newProduct(s.db, { name: 'Zari dupatta', categoryId: shop.category.id, vendorId: shop.vendor.userId, price: 900, offeredPrice: 800, isFreeSize: true, freeSizeQty: 2 });
    const colours = await newProduct(s.db, { name: 'Bandhani saree', categoryId: shop.category.id, vendorId: shop.vendor.userId, price: 900, offeredPrice: 800, colors: [{ color: 'Red', quantity: 3 }, { color: 'Blue', quantity: 10 }] });
    const plenty = await newStockedProduct(s, shop, { name: 'Plenty kurta', sizes: { s: 8, m: 8 } });
    await expectFiguresEqualRecount();

    await s.db.update(productSizes).set({ quantity: 2 }).where(eq(productSizes.productId, plenty.id)); // now low
    await s.db.update(productSizes).set({ quantity: 7 }).where(eq(productSizes.productId, shop.product.id)); // no longer low
    await s.db.update(products).set({ freeSizeQty: 0, name: 'Zari dupatta (gold)' }).where(eq(products.id, free.id));
    await s.db.update(products).set({ isActive: false }).where(eq(products.id, plenty.id));
    await expectFiguresEqualRecount();

    // through the console: soft delete and publish again
    const headers = await authHeader(s, shop.vendor.userId);
    const del = await s.app.inject({ method: 'DELETE', url: `/api/vendor/my-products/${colours.id}`, headers });
    expect(del.statusCode, del.body).toBe(200);
    await expectFiguresEqualRecount();
    const [low] = await s.db.execute<{ n: number }>(sql`select count(*)::int as n from product_low_stock where product_id = ${colours.id}`).then((r) => r.rows);
    expect(low!.n).toBe(0);

    // a sale takes stock: the low-stock list follows
    const buyer = await loginAs(s);
    await s.db.update(products).set({ freeSizeQty: 3 }).where(eq(products.id, free.id));
    const bought = await buyNow(s, buyer.headers, { productId: free.id, quantity: 1 }, { paymentMode: 'cod' });
    expect(bought.status, bought.body.message).toBe(201);
    await expectFiguresEqualRecount();
  });
});
