import { expect, test } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';
import { createUser, signIn } from './helpers.ts';

/*
 * The vendor console's orders (issue 10): a shopper buys one of the demo vendor's products (cash on delivery, through
 * the API); the demo vendor confirms it and ships it with a tracking number on /vendor/orders; the shopper then sees
 * the courier, the number and the tracking link on the order page.
 */

interface Card {
  _id: string;
  isFreeSize: boolean;
  isColorOptions: boolean;
  inStock: boolean;
}

async function demoVendor(request: APIRequestContext) {
  const res = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000002', password: 'Statewise@123' } })).json();
  expect(res.success, res.message).toBe(true);
  return { accessToken: res.data.accessToken as string, userId: res.data.user._id as string };
}

test('the demo vendor confirms and ships a shopper’s order; the shopper sees the tracking number and link', async ({ page, request }) => {
  const vendor = await demoVendor(request);
  const list = await (await request.post('/api/vendor/products/list', { data: { userId: vendor.userId, page: 1, pageSize: 100 } })).json();
  const product = (list.data.products as Card[]).find((p) => p.isFreeSize && !p.isColorOptions && p.inStock);
  expect(product, 'an in-stock free-size product of the demo vendor').toBeTruthy();

  const shopper = await createUser(request, 'Tara', 'Menon');
  const auth = { authorization: `Bearer ${shopper.accessToken}` };
  const added = await request.post('/api/cart/add', { headers: auth, data: { productId: product!._id, quantity: 1, isFreeSize: 'true' } });
  expect(added.ok(), await added.text()).toBe(true);
  const address = { firstName: 'Tara', lastName: 'Menon', streetAddress: '9 MG Road', mobile: shopper.mobile, pincode: '110001', landmark: '', shippingNote: '' };
  const placed = await (await request.post('/api/order/create', { headers: auth, data: { address, paymentMode: 'cod', isWalletUse: 'false' } })).json();
  expect(placed.success, placed.message).toBe(true);
  const orderId = placed.data.orderId as string;

  // the vendor, in the console
  await page.goto('/');
  await page.evaluate(({ accessToken, userId }) => {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('userID', userId);
    localStorage.setItem('role', 'vendor');
  }, vendor);
  await page.goto('/profile');
  await page.getByRole('link', { name: /Vendor console/ }).click();
  await expect(page).toHaveURL(/\/vendor$/);
  await expect(page.getByRole('navigation', { name: 'Vendor console' })).toBeVisible();
  await expect(page.getByText('New orders to ship')).toBeVisible();
  await page.getByRole('navigation', { name: 'Vendor console' }).getByRole('link', { name: /Orders/ }).click();
  await expect(page).toHaveURL(/\/vendor\/orders$/);
  const search = page.getByRole('search', { name: 'Search orders' });
  await search.getByLabel('Search by order number or buyer name').fill('Tara Menon');
  await search.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
  await expect(card).toContainText('Tara Menon');
  await expect(card).toContainText('New');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${orderId}$`));
  await expect(page.getByText('9 MG Road')).toBeVisible();

  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('Order confirmed')).toBeVisible();
  await expect(page.getByTestId('part-status')).toHaveText('Confirmed');

  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship this order' });
  await dialog.getByLabel('Courier partner').selectOption('Delhivery');
  await dialog.getByLabel('Tracking number').fill('AB');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('The tracking number must be 4–40 letters, digits or hyphens')).toBeVisible();
  await dialog.getByLabel('Tracking number').fill('DLV-7788990011');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText('Order marked as shipped')).toBeVisible();
  await expect(page.getByTestId('part-status')).toHaveText('Shipped');

  // the shopper's order page
  await signIn(page, shopper);
  await page.goto(`/OrderDetail/${orderId}`);
  await expect(page.getByText('DLV-7788990011')).toBeVisible();
  await expect(page.getByText('Delhivery')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track parcel' })).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DLV-7788990011');

  // what is stored
  const stored = await (await request.get(`/api/order/${orderId}`, { headers: auth })).json();
  expect(stored.data.orderStatus).toBe('shipped');
});
