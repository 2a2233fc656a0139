import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, orderVendorGroups, payments } from '../../db/schema/index.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { loginAs } from '../../test/auth.ts';
import { newProduct, uniqueMobile } from '../../test/factories.ts';
import {
  anAddress,
  buyNow,
  get,
  guestToken,
  newShop,
  newStockedProduct,
  payInSandbox,
  post,
  salesOf,
  stockOf,
} from '../../test/orders.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

describe('POST /api/order/create/buyNow', () => {
  it('places an online order awaiting payment, reserves the stock and gives the payment page', async () => {
    const shop = await newShop(s);
    const { headers, user } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 2 });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data.url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/sandbox\/[0-9a-f-]{36}$/);
    expect(data.paymentRequired).toBe(true);
    expect(data.order).toMatchObject({
      orderInitial: 'SW',
      orderStatus: 'created',
      paymentMode: 'online',
      paymentStatus: 'pending',
      orderSubTotal: 3000,
      shippingCharges: 0,
      orderGrandTotal: 3000,
      walletAmountUsed: 0,
      amountPayable: 3000,
    });
    expect(data.order.productDetails).toEqual([
      expect.objectContaining({
        productId: shop.product.id,
        name: shop.product.name,
        price: 1500,
        mrp: 2000,
        quantity: 2,
        size: 'm',
        color: null,
        isFreeSize: false,
        isTempProduct: false,
        vendorId: shop.vendor.userId,
        categoryId: shop.category.id,
        hsnCode: '6204',
        gstRate: 12,
      }),
    ]);
    expect(data.order.ordersVendorWise).toEqual([
      expect.objectContaining({ vendorId: shop.vendor.userId, brandName: shop.vendor.vendor.brandName, awsNumber: null, courierPartner: null, status: 'created' }),
    ]);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(3);
    expect(await salesOf(s.db, shop.product.id)).toBe(0);
    const [stored] = await s.db.select().from(orders).where(eq(orders.id, data.orderId));
    expect(stored).toMatchObject({ userId: user.id, source: 'buy_now', status: 'created' });
    const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, data.orderId));
    expect(payment).toMatchObject({ purpose: 'order', amount: 3000, status: 'pending', provider: 'sandbox' });
    expect(payment!.expiresAt.getTime() - payment!.createdAt.getTime()).toBe(30 * 60_000);
  });

  it('ignores prices, totals, wallet amounts and statuses sent by the client', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const res = await buyNow(
      s,
      headers,
      { productId: shop.product.id, size: 's' },
      {
        price: 1,
        offeredPrice: 1,
        orderSubTotal: 1,
        orderGrandTotal: 1,
        amountPayable: 0,
        walletAmountUsed: 1500,
        shippingCharges: -100,
        orderStatus: 'delivered',
        paymentStatus: 'paid',
        orderId: 1,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({
      orderStatus: 'created',
      paymentStatus: 'pending',
      orderSubTotal: 1500,
      orderGrandTotal: 1500,
      walletAmountUsed: 0,
      amountPayable: 1500,
      shippingCharges: 0,
    });
    expect(res.body.data.order.productDetails[0].price).toBe(1500);
  });

  it('prices the line at the catalogue price of the moment, kept when the catalogue changes later', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'l' }, { paymentMode: 'cod' });
    const { products } = await import('../../db/schema/index.ts');
    await s.db.update(products).set({ offeredPrice: 999, price: 1999 }).where(eq(products.id, shop.product.id));
    const again = await get(s, `/order/${res.body.data.orderId}`, headers);
    expect(again.body.data.productDetails[0]).toMatchObject({ price: 1500, mrp: 2000 });
    expect(again.body.data.orderGrandTotal).toBe(1500);
  });

  it('places a cash-on-delivery order as pending at once, without the gateway, and counts the sale', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 3 }, { paymentMode: 'cod' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your order has been placed successfully');
    expect(res.body.data).toMatchObject({ url: null, paymentRequired: false });
    expect(res.body.data.order).toMatchObject({ orderStatus: 'pending', paymentMode: 'cod', paymentStatus: 'cod', amountPayable: 4500 });
    expect(res.body.data.order.ordersVendorWise[0].status).toBe('pending');
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(2);
    expect(await salesOf(s.db, shop.product.id)).toBe(3);
    expect(await s.db.select().from(payments).where(eq(payments.orderId, res.body.data.orderId))).toHaveLength(0);
  });

  it('takes free-size stock from the free-size quantity and colour stock from the colour chosen', async () => {
    const shop = await newShop(s);
    const free = await newStockedProduct(s, shop, { isFreeSize: true, freeSizeQty: 4 });
    const colourful = await newStockedProduct(s, shop, { colors: [{ color: 'Indigo', quantity: 3 }, { color: 'Saffron', quantity: 2 }] });
    const { headers } = await loginAs(s);

    const a = await buyNow(s, headers, { productId: free.id, quantity: 3 }, { isFreeSize: 'true', size: 'xl' });
    expect(a.status).toBe(201);
    expect(a.body.data.order.productDetails[0]).toMatchObject({ isFreeSize: true, size: null, color: null });
    expect(await stockOf(s.db, free.id)).toBe(1);

    const b = await buyNow(s, headers, { productId: colourful.id, color: 'saffron', quantity: 2 }, { isColorOptions: 'true' });
    expect(b.status).toBe(201);
    expect(b.body.data.order.productDetails[0]).toMatchObject({ isColorOptions: true, color: 'Saffron', size: null });
    expect(await stockOf(s.db, colourful.id, { color: 'Saffron' })).toBe(0);
    expect(await stockOf(s.db, colourful.id, { color: 'Indigo' })).toBe(3);
  });

  it('asks for the size of a sized product and the colour of a colour product', async () => {
    const shop = await newShop(s);
    const colourful = await newStockedProduct(s, shop, { colors: [{ color: 'Indigo', quantity: 3 }] });
    const { headers } = await loginAs(s);
    const noSize = await buyNow(s, headers, { productId: shop.product.id });
    expect(noSize.status).toBe(400);
    expect(noSize.body.message).toBe('Please select size');
    const badSize = await buyNow(s, headers, { productId: shop.product.id, size: 'xxxl' });
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toBe('This size is not available for this product');
    const noColour = await buyNow(s, headers, { productId: colourful.id });
    expect(noColour.status).toBe(400);
    expect(noColour.body.message).toBe('Please select color');
  });

  it('refuses quantities outside 1–10 and a missing or malformed product id', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const eleven = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 11 });
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toBe('Quantity cannot be more than 10');
    const zero = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Quantity cannot be less than 1');
    const missing = await post(s, '/order/create/buyNow', { address: anAddress(), paymentMode: 'online', size: 'm' }, headers);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing product Id');
    const malformed = await buyNow(s, headers, { productId: 'not-an-id', size: 'm' });
    expect(malformed.status).toBe(400);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
  });

  it('answers 404 for an unknown product and 409 for one taken off sale', async () => {
    const shop = await newShop(s);
    const offSale = await newStockedProduct(s, shop, { isActive: false });
    const { headers } = await loginAs(s);
    const unknown = await buyNow(s, headers, { productId: '00000000-0000-4000-8000-000000000000', size: 'm' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Product not found');
    const gone = await buyNow(s, headers, { productId: offSale.id, size: 'm' });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('This product is no longer available');
  });

  it('answers 409 with what is left when asking for more than the stock, taking nothing', async () => {
    const shop = await newShop(s, { sizes: { m: 2 } });
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 3 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 2 left in stock');
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(2);
    await buyNow(s, headers, { productId: shop.product.id, size: 'm', quantity: 2 }, { paymentMode: 'cod' });
    const none = await buyNow(s, headers, { productId: shop.product.id, size: 'm' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Product is out of stock now');
  });

  it('refuses a chat (temporary) product that was never offered to the buyer with 404, holding no stock', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { isTempProduct: 'true', tempProductId: 'abc' });
    expect(res.status).toBe(404);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
  });

  it("does not sell vendors their own products", async () => {
    const shop = await newShop(s);
    const { authHeader } = await import('../../test/auth.ts');
    const headers = await authHeader(s, shop.vendor.userId);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot buy your own product');
  });

  it('needs a signed-in buyer, an address and a payment mode', async () => {
    const shop = await newShop(s);
    const anonymous = await buyNow(s, {}, { productId: shop.product.id, size: 'm' });
    expect(anonymous.status).toBe(401);
    const { headers } = await loginAs(s);
    const noAddress = await post(s, '/order/create/buyNow', { paymentMode: 'online', productId: shop.product.id, size: 'm' }, headers);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe('Please select address to checkout');
    const badMode = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'upi' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe('Please choose Online Payment or Cash on Delivery');
  });

  it('copies a full address with city and state from the pincode, and refuses a pincode not in the directory', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { address: anAddress({ email: 'Asha@Example.com', city: '', state: '' }) });
    expect(res.status).toBe(201);
    expect(res.body.data.order.address).toMatchObject({
      firstName: 'Asha',
      pincode: 302001,
      city: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      email: 'asha@example.com',
    });
    const nowhere = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { address: anAddress({ pincode: '999999' }) });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe('No places found for this pincode');
    const badMobile = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { address: anAddress({ mobile: '12345' }) });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.errors['address.mobile']).toBe('Mobile number must be 10 digits');
  });

  it("uses a saved address by id (a copy), and treats another account's address as unknown", async () => {
    const shop = await newShop(s);
    const me = await loginAs(s);
    const other = await loginAs(s);
    const saved = await post(s, '/address', anAddress({ firstName: 'Saved' }), me.headers);
    expect(saved.status).toBe(201);
    const addressId = saved.body.data._id as string;
    const res = await buyNow(s, me.headers, { productId: shop.product.id, size: 'm' }, { address: addressId });
    expect(res.status).toBe(201);
    expect(res.body.data.order.address).toMatchObject({ firstName: 'Saved', city: 'Jaipur' });
    expect(res.body.data.order.address._id).toBeUndefined();
    // editing the address book later does not change the order
    await s.app.inject({ method: 'PATCH', url: `/api/address/${addressId}`, headers: me.headers, payload: { firstName: 'Changed' } });
    expect((await get(s, `/order/${res.body.data.orderId}`, me.headers)).body.data.address.firstName).toBe('Saved');

    const theirs = await buyNow(s, other.headers, { productId: shop.product.id, size: 'm' }, { address: addressId });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Address not found');
  });

  it('numbers orders from one sequence', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const a = await buyNow(s, headers, { productId: shop.product.id, size: 's' }, { paymentMode: 'cod' });
    const b = await buyNow(s, headers, { productId: shop.product.id, size: 's' }, { paymentMode: 'cod' });
    expect(b.body.data.order.orderId).toBe(a.body.data.order.orderId + 1);
    expect(a.body.data.order.orderNumber).toBe(`SW${String(a.body.data.order.orderId).padStart(4, '0')}`);
  });

  it('refuses a sixth order awaiting payment until one is paid or expires', async () => {
    const shop = await newShop(s, { sizes: { m: 10 } });
    const { headers } = await loginAs(s);
    for (let i = 0; i < 5; i++) expect((await buyNow(s, headers, { productId: shop.product.id, size: 'm' })).status).toBe(201);
    const sixth = await buyNow(s, headers, { productId: shop.product.id, size: 'm' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/awaiting payment/);
    // cash on delivery needs no payment, so it is not held back
    expect((await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' })).status).toBe(201);
  });
});

describe('concurrent buyers of the last units', () => {
  it('sells the last 3 units to exactly 3 of 8 buyers ordering at once; the others get 409, never a 5xx', async () => {
    const shop = await newShop(s, { sizes: { m: 3 } });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => loginAs(s)));
    const results = await Promise.all(buyers.map((b) => buyNow(s, b.headers, { productId: shop.product.id, size: 'm' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(3);
    expect(statuses.filter((st) => st === 409)).toHaveLength(5);
    expect(statuses.some((st) => st >= 500)).toBe(false);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe('Product is out of stock now');
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(0);
    const lines = await s.db.select().from(orderLines).where(eq(orderLines.productId, shop.product.id));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(3);
  });

  it('never oversells across sizes, colours and multi-line carts ordered at once', async () => {
    const shop = await newShop(s, { sizes: { s: 4, m: 4 } });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => loginAs(s)));
    for (const b of buyers) {
      await post(s, '/cart/add', { productId: shop.product.id, size: 's', quantity: 1 }, b.headers);
      await post(s, '/cart/add', { productId: shop.product.id, size: 'm', quantity: 1 }, b.headers);
    }
    const results = await Promise.all(buyers.map((b) => post(s, '/order/create', { address: anAddress(), paymentMode: 'cod' }, b.headers)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await stockOf(s.db, shop.product.id, { size: 's' })).toBe(0);
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(0);
  });
});

describe('POST /api/order/create (the signed-in cart)', () => {
  it('orders the cart at catalogue prices; paying empties the lines bought, not lines added later', async () => {
    const shop = await newShop(s);
    const scarf = await newStockedProduct(s, shop, { isFreeSize: true, freeSizeQty: 9, offeredPrice: 700, price: 900 });
    const { headers } = await loginAs(s);
    await post(s, '/cart/add', { productId: shop.product.id, size: 'm', quantity: 2 }, headers);
    await post(s, '/cart/add', { productId: scarf.id, quantity: 1, isFreeSize: 'true' }, headers);
    const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'online', isWalletUse: 'false', subTotal: 5 }, headers);
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ orderSubTotal: 3700, orderGrandTotal: 3700, amountPayable: 3700 });
    expect(res.body.data.order.productDetails.map((l: { name: string }) => l.name)).toEqual([shop.product.name, scarf.name]);
    // still in the cart until paid
    expect((await get(s, '/cart/count', headers)).body.data.count).toBe(2);
    const later = await newStockedProduct(s, shop);
    await post(s, '/cart/add', { productId: later.id, size: 's', quantity: 1 }, headers);

    const back = await payInSandbox(s, res.body.data.url, 'success');
    expect(back.status).toBe(303);
    const cart = await get(s, '/cart', headers);
    expect(cart.body.data.cartProducts.map((l: { productId: { _id: string } }) => l.productId._id)).toEqual([later.id]);
    expect(await salesOf(s.db, shop.product.id)).toBe(2);
    expect(await salesOf(s.db, scarf.id)).toBe(1);
  });

  it('accepts cash on delivery for the cart and empties it at once', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    await post(s, '/cart/add', { productId: shop.product.id, size: 'l', quantity: 1 }, headers);
    const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod', isWalletUse: 'false' }, headers);
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'cod' });
    expect((await get(s, '/cart/count', headers)).body.data.count).toBe(0);
  });

  it('leaves lines that cannot be bought in the cart and out of the order', async () => {
    const shop = await newShop(s, { sizes: { m: 2, l: 5 } });
    const { headers } = await loginAs(s);
    await post(s, '/cart/add', { productId: shop.product.id, size: 'm', quantity: 2 }, headers);
    await post(s, '/cart/add', { productId: shop.product.id, size: 'l', quantity: 1 }, headers);
    const { productSizes } = await import('../../db/schema/index.ts');
    const { and } = await import('drizzle-orm');
    await s.db
      .update(productSizes)
      .set({ quantity: 1 })
      .where(and(eq(productSizes.productId, shop.product.id), eq(productSizes.size, 'm')));
    const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod' }, headers);
    expect(res.status).toBe(201);
    expect(res.body.data.order.productDetails).toHaveLength(1);
    expect(res.body.data.order.productDetails[0].size).toBe('l');
    const cart = await get(s, '/cart', headers);
    expect(cart.body.data.cartProducts).toHaveLength(1);
    expect(cart.body.data.cartProducts[0].size).toBe('m');
  });

  it("answers 'Your cart is empty !!' for an empty cart", async () => {
    const { headers } = await loginAs(s);
    const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'online', isWalletUse: 'false' }, headers);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your cart is empty !!');
  });
});

describe('guest orders', () => {
  const guestOrder = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => post(s, '/order/create/guestOrder', payload, headers);

  it('need the token of a verified mobile; a flag saying so is not enough', async () => {
    const shop = await newShop(s);
    const address = anAddress({ isOTPVerified: true });
    const res = await guestOrder({ address, paymentMode: 'online', products: [{ _id: shop.product.id, quantity: 1, size: 'm' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please Verify the phone no');
    const forged = await guestOrder({ address, paymentMode: 'online', guestToken: 'made-up', products: [{ _id: shop.product.id, quantity: 1, size: 'm' }] });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Your verification has expired. Please verify the OTP again');
    expect(await stockOf(s.db, shop.product.id, { size: 'm' })).toBe(5);
  });

  it("refuse a token verified for another mobile", async () => {
    const shop = await newShop(s);
    const token = await guestToken(s, uniqueMobile());
    const res = await guestOrder({ address: anAddress(), paymentMode: 'online', guestToken: token, products: [{ _id: shop.product.id, size: 'm' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This verification was for another mobile number or email. Please verify the OTP again');
  });

  it('place a guest cart order with catalogue prices (guest cart lines as the web keeps them), token in a header', async () => {
    const shop = await newShop(s);
    const scarf = await newStockedProduct(s, shop, { isFreeSize: true, freeSizeQty: 3, offeredPrice: 600, price: 800 });
    const address = anAddress();
    const token = await guestToken(s, address.mobile);
    const myData = [
      { uniqueId: 'x1', _id: shop.product.id, name: 'whatever', price: 1, offeredPrice: 1, quantity: 2, size: 'M', images: [] },
      { uniqueId: 'x2', _id: scarf.id, name: 'Scarf', price: 1, offeredPrice: 1, quantity: 1, isFreeSize: true, freeSizeQty: 3 },
    ];
    const res = await post(
      s,
      '/order/create-guest-cart-order',
      { address, paymentMode: 'online', products: myData, cartDetails: { subTotal: 2, grandTotal: 2 } },
      { 'x-guest-token': token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ orderSubTotal: 3600, orderGrandTotal: 3600, amountPayable: 3600, orderStatus: 'created' });
    expect(res.body.data.url).toContain('/api/payments/sandbox/');
    const [stored] = await s.db.select().from(orders).where(eq(orders.id, res.body.data.orderId));
    expect(stored).toMatchObject({ userId: null, guestMobile: address.mobile, source: 'guest_cart' });

    // the token was for one order
    const again = await guestOrder({ address, paymentMode: 'online', guestToken: token, products: [{ _id: shop.product.id, size: 's' }] });
    expect(again.status).toBe(400);
  });

  it('keep the token usable when the order is refused (out of stock)', async () => {
    const shop = await newShop(s, { sizes: { m: 1 } });
    const address = anAddress();
    const token = await guestToken(s, address.mobile);
    const tooMany = await guestOrder({ address, paymentMode: 'online', guestToken: token, products: [{ _id: shop.product.id, size: 'm', quantity: 2 }] });
    expect(tooMany.status).toBe(409);
    const ok = await guestOrder({ address, paymentMode: 'online', guestToken: token, products: [{ _id: shop.product.id, size: 'm', quantity: 1 }] });
    expect(ok.status).toBe(201);
  });

  it('are online only', async () => {
    const shop = await newShop(s);
    const address = anAddress();
    const token = await guestToken(s, address.mobile);
    const res = await guestOrder({ address, paymentMode: 'cod', guestToken: token, products: [{ _id: shop.product.id, size: 'm' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Guest orders can be paid online only');
  });

  it('buy now as a guest, and the payment page works for them', async () => {
    const shop = await newShop(s);
    const address = anAddress();
    const token = await guestToken(s, address.mobile);
    const res = await post(s, '/order/create/guest-buy-now', { address, paymentMode: 'online', guestToken: token, productId: shop.product.id, size: 'm', quantity: 2 });
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ orderGrandTotal: 3000 });
    const back = await payInSandbox(s, res.body.data.url, 'success');
    expect(back.location).toBe(`/payment-confirmation?status=true&orderId=${res.body.data.orderId}`);
    const [stored] = await s.db.select().from(orders).where(eq(orders.id, res.body.data.orderId));
    expect(stored).toMatchObject({ status: 'pending', paymentStatus: 'paid', source: 'guest_buy_now' });
  });

  it('refuse an empty guest cart', async () => {
    const res = await guestOrder({ address: anAddress(), paymentMode: 'online', products: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your cart is empty !!');
  });
});

describe('POST /api/order/list', () => {
  it('lists the buyer’s orders newest first, 10 a page, hiding those awaiting payment', async () => {
    const shop = await newShop(s, { sizes: { m: 10, s: 10, l: 5 } });
    const { headers } = await loginAs(s);
    const placed: string[] = [];
    const { transitionOrder } = await import('./status.ts');
    for (let i = 0; i < 11; i++) {
      const r = await buyNow(s, headers, { productId: shop.product.id, size: i % 2 ? 'm' : 's' }, { paymentMode: 'cod' });
      placed.push(r.body.data.orderId);
      // delivered, so the cap on open cash-on-delivery orders leaves room for the next
      for (const to of ['confirmed', 'shipped', 'delivered'] as const) await transitionOrder(s.db, r.body.data.orderId, to);
    }
    const awaiting = await buyNow(s, headers, { productId: shop.product.id, size: 'l' });
    expect(awaiting.status).toBe(201);

    const first = await post(s, '/order/list', { page: 1, pageSize: 10 }, headers);
    expect(first.status).toBe(200);
    expect(first.body.data.count).toBe(11);
    expect(first.body.data.orders).toHaveLength(10);
    expect(first.body.data.orders.map((o: { _id: string }) => o._id)).toEqual(placed.slice(1).reverse());
    const second = await post(s, '/order/list', { page: 2 }, headers);
    expect(second.body.data.orders.map((o: { _id: string }) => o._id)).toEqual([placed[0]]);
    expect(first.body.data.orders[0].productDetails).toHaveLength(1);
    expect(first.body.data.orders[0].ordersVendorWise).toHaveLength(1);
  });

  it('filters by status and by start date (India time), and checks both', async () => {
    const shop = await newShop(s);
    const { headers } = await loginAs(s);
    const a = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    const b = await buyNow(s, headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    const { transitionOrder } = await import('./status.ts');
    await transitionOrder(s.db, b.body.data.orderId, 'confirmed');
    // a was placed "last year"
    await s.db.update(orders).set({ createdAt: new Date('2024-03-09T20:00:00Z') }).where(eq(orders.id, a.body.data.orderId));

    const confirmed = await post(s, '/order/list', { orderStatus: 'confirmed' }, headers);
    expect(confirmed.body.data.orders.map((o: { _id: string }) => o._id)).toEqual([b.body.data.orderId]);
    const pendingOnes = await post(s, '/order/list', { orderStatus: 'Pending', startDate: '' }, headers);
    expect(pendingOnes.body.data.orders.map((o: { _id: string }) => o._id)).toEqual([a.body.data.orderId]);
    // 2024-03-09T20:00Z is 10 March 01:30 in India
    const from10 = await post(s, '/order/list', { startDate: '2024/03/10' }, headers);
    expect(from10.body.data.count).toBe(2);
    const from11 = await post(s, '/order/list', { startDate: '2024/03/11' }, headers);
    expect(from11.body.data.orders.map((o: { _id: string }) => o._id)).toEqual([b.body.data.orderId]);

    const badDate = await post(s, '/order/list', { startDate: '10-03-2024' }, headers);
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe('Please enter the start date as YYYY/MM/DD');
    const badStatus = await post(s, '/order/list', { orderStatus: 'created' }, headers);
    expect(badStatus.status).toBe(400);
    const badPage = await post(s, '/order/list', { page: 0 }, headers);
    expect(badPage.status).toBe(400);
    const bigPage = await post(s, '/order/list', { pageSize: 101 }, headers);
    expect(bigPage.status).toBe(400);
  });

  it('shows nobody else’s orders, and an empty list as count 0', async () => {
    const shop = await newShop(s);
    const me = await loginAs(s);
    await buyNow(s, me.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    const other = await loginAs(s);
    const res = await post(s, '/order/list', {}, other.headers);
    expect(res.body.data).toEqual({ orders: [], count: 0 });
    const noBody = await s.app.inject({ method: 'POST', url: '/api/order/list', headers: other.headers });
    expect(noBody.statusCode).toBe(200);
  });
});

describe('GET /api/order/:id', () => {
  it("gives the owner their order and answers 404 for another user's, a missing or a guest order", async () => {
    const shop = await newShop(s);
    const me = await loginAs(s);
    const placed = await buyNow(s, me.headers, { productId: shop.product.id, size: 'm' }, { paymentMode: 'cod' });
    const mine = await get(s, `/order/${placed.body.data.orderId}`, me.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ _id: placed.body.data.orderId, orderStatus: 'pending' });

    const other = await loginAs(s);
    const theirs = await get(s, `/order/${placed.body.data.orderId}`, other.headers);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Order not found');
    expect((await get(s, '/order/00000000-0000-4000-8000-000000000000', me.headers)).status).toBe(404);
    expect((await get(s, '/order/nope', me.headers)).status).toBe(400);
    expect((await get(s, `/order/${placed.body.data.orderId}`)).status).toBe(401);
  });
});

describe('POST /api/order/confirmOrder', () => {
  it("tells where an order's payment stands: awaiting, paid, or failed", async () => {
    const shop = await newShop(s);
    const me = await loginAs(s);
    const placed = await buyNow(s, me.headers, { productId: shop.product.id, size: 'm' });
    const before = await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId }, me.headers);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ orderStatus: 'created', paymentStatus: 'pending', status: false });
    await payInSandbox(s, placed.body.data.url, 'success');
    const after = await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId }, me.headers);
    expect(after.body.data).toMatchObject({ orderStatus: 'pending', paymentStatus: 'paid', status: true, orderNumber: placed.body.data.order.orderNumber });

    const other = await loginAs(s);
    expect((await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId }, other.headers)).status).toBe(404);
    expect((await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId })).status).toBe(404);
  });

  it('answers for a guest order with its payment state only, unless the guest sends the order token', async () => {
    const shop = await newShop(s);
    const address = anAddress();
    const token = await guestToken(s, address.mobile);
    const placed = await post(s, '/order/create/guest-buy-now', { address, paymentMode: 'online', guestToken: token, productId: shop.product.id, size: 'm' });
    await payInSandbox(s, placed.body.data.url, 'failure');
    const res = await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      orderId: placed.body.data.orderId,
      orderNumber: placed.body.data.order.orderNumber,
      orderStatus: 'created',
      paymentStatus: 'failed',
      status: false,
      canRetryPayment: true,
      paymentExpiresAt: expect.any(String),
      order: null,
      expectedDelivery: null,
    });
    const wrong = await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId, orderToken: 'x'.repeat(43) });
    expect(wrong.body.data.order).toBeNull();
    const mine = await post(s, '/order/confirmOrder', { orderId: placed.body.data.orderId, orderToken: placed.body.data.guestOrderToken });
    expect(mine.body.data.order).toMatchObject({ _id: placed.body.data.orderId, address: { mobile: address.mobile } });
  });
});

describe('ordersVendorWise', () => {
  it('groups the lines of a cart by vendor, with each brand', async () => {
    const first = await newShop(s);
    const second = await newShop(s);
    const extra = await newProduct(s.db, { categoryId: first.category.id, vendorId: first.vendor.userId });
    const { headers } = await loginAs(s);
    for (const id of [first.product.id, second.product.id, extra.id]) await post(s, '/cart/add', { productId: id, size: 'm', quantity: 1 }, headers);
    const res = await post(s, '/order/create', { address: anAddress(), paymentMode: 'cod' }, headers);
    expect(res.status).toBe(201);
    const groups = res.body.data.order.ordersVendorWise as { vendorId: string; brandName: string }[];
    expect(groups.map((g) => g.vendorId).sort()).toEqual([first.vendor.userId, second.vendor.userId].sort());
    expect(groups.find((g) => g.vendorId === second.vendor.userId)!.brandName).toBe(second.vendor.vendor.brandName);
    expect(await s.db.select().from(orderVendorGroups).where(eq(orderVendorGroups.orderId, res.body.data.orderId))).toHaveLength(2);
  });
});
