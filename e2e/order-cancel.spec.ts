import { expect, test } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';
import { type Card, createUser, signIn } from './helpers.ts';

/*
 * A buyer cancels one seller's items, then the rest, from the order page (issue 9): each refund is shown where the
 * items were, and the order ends Cancelled.
 */

/** Two in-stock free-size products from two different sellers. */
async function twoSellers(request: APIRequestContext): Promise<Card[]> {
  const body = await (await request.post('/api/product/list', { data: { page: 1, pageSize: 100 } })).json();
  const cards = (body.data.products as Card[]).filter((p) => p.isFreeSize && !p.isColorOptions && p.inStock);
  const first = cards[0]!;
  const second = cards.find((c) => c.vendorId !== first.vendorId)!;
  expect(second, 'a second seller').toBeTruthy();
  return [first, second];
}

test('a buyer cancels one seller’s items and then the whole order, and sees what is refunded', async ({ page, request }) => {
  const user = await createUser(request, 'Cancel', 'Tester');
  const auth = { authorization: `Bearer ${user.accessToken}` };
  const [a, b] = await twoSellers(request);
  for (const p of [a!, b!]) {
    const added = await request.post('/api/cart/add', { headers: auth, data: { productId: p._id, quantity: 1, isFreeSize: 'true' } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const address = { firstName: 'Cancel', lastName: 'Tester', streetAddress: '4 Janpath Lane', mobile: user.mobile, pincode: '110001', landmark: '', shippingNote: '' };
  const placed = await (await request.post('/api/order/create', { headers: auth, data: { address, paymentMode: 'cod', isWalletUse: 'false' } })).json();
  expect(placed.success, placed.message).toBe(true);

  await signIn(page, user);
  await page.goto(`/OrderDetail/${placed.data.orderId}`);
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel these items' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Only the items sold by');
  await dialog.getByLabel('Reason (optional)').fill('Found it cheaper nearby');
  await dialog.getByRole('button', { name: 'Cancel these items' }).click();
  await expect(page.getByText("This seller's items have been cancelled. Any amount paid for them will be refunded")).toBeVisible();
  await expect(page.getByText(/Cancelled on .*Nothing was paid for these items/)).toHaveCount(1);
  // one part left: only the whole order can be cancelled now
  await expect(page.getByRole('button', { name: 'Cancel these items' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order has been cancelled. Any amount paid will be refunded')).toBeVisible();
  await expect(page.getByText(/Cancelled on/)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // what is stored: the order is cancelled
  const stored = await (await request.get(`/api/order/${placed.data.orderId}`, { headers: auth })).json();
  expect(stored.data).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'cancelled' });
});
