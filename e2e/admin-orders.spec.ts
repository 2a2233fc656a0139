import { expect, test } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';
import { type Card, createUser, screenshotsAt, signIn, writeSession } from './helpers.ts';

/*
 * The admin console's orders (issue 11): a shopper pays an order online; the admin finds it by the shopper's mobile,
 * opens it, reads the payment’s gateway reference, moves it to Confirmed with a note, cancels it with a reason; the
 * shopper’s order page then shows it cancelled with the money back in the wallet. ADMIN_SHOTS=dir saves the screens
 * at 390 and 1280 px.
 */

const SHOTS = process.env.ADMIN_SHOTS;

async function adminLogin(request: APIRequestContext) {
  const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000001', password: 'Statewise@123' } })).json();
  expect(login.success, login.message).toBe(true);
  return { accessToken: login.data.accessToken as string, userId: login.data.user._id as string };
}

/** Pays on the sandbox gateway as its page's Pay form would (the signed form post). */
async function payOnSandbox(request: APIRequestContext, url: string) {
  const path = new URL(url).pathname;
  const html = await (await request.get(path)).text();
  const signature = /name="outcome" value="success"><input type="hidden" name="signature" value="([^"]+)"/.exec(html)?.[1];
  expect(signature, 'the payment page’s Pay form').toBeTruthy();
  const done = await request.post(`${path}/complete`, { form: { outcome: 'success', signature: signature! }, maxRedirects: 0 });
  expect(done.status()).toBe(303);
}

const balanceOf = async (request: APIRequestContext, auth: Record<string, string>) => Number((await (await request.get('/api/wallet/fetchBalance', { headers: auth })).json()).data.walletBalance);

test('an admin finds a shopper’s prepaid order by mobile, reads its payment reference, cancels it, and the shopper sees it cancelled and refunded', async ({ page, request, browser }) => {
  // the shopper's order, paid online through the sandbox gateway
  const shopper = await createUser(request, 'Ritu', 'Bansal');
  const auth = { authorization: `Bearer ${shopper.accessToken}` };
  const products = (await (await request.post('/api/product/list', { data: { page: 1, pageSize: 100 } })).json()).data.products as Card[];
  const product = products.find((p) => p.isFreeSize && !p.isColorOptions && p.inStock)!;
  expect(product, 'an in-stock free-size product').toBeTruthy();
  const added = await request.post('/api/cart/add', { headers: auth, data: { productId: product._id, quantity: 1, isFreeSize: 'true' } });
  expect(added.ok(), await added.text()).toBe(true);
  const address = { firstName: 'Ritu', lastName: 'Bansal', streetAddress: '22 Park Street', mobile: shopper.mobile, pincode: '110001', landmark: '', shippingNote: '' };
  const placed = await (await request.post('/api/order/create', { headers: auth, data: { address, paymentMode: 'online', isWalletUse: 'false' } })).json();
  expect(placed.success, placed.message).toBe(true);
  await payOnSandbox(request, placed.data.url);
  const orderId = placed.data.orderId as string;
  const before = await balanceOf(request, auth);

  // the admin searches by the shopper's mobile
  await writeSession(page, await adminLogin(request), 'admin');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: /^Orders/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search orders' });
  await search.getByRole('searchbox').fill(`+91 ${shopper.mobile}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Ritu Bansal' });
  await expect(row).toContainText('Online');
  await expect(row).toContainText('Paid');
  await screenshotsAt(page, SHOTS, 'admin-orders');
  const number = (await row.getByRole('link').textContent())!.trim();
  await row.getByRole('link', { name: number }).click();

  // the detail: the part, the payment with its gateway reference
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Placed');
  const paymentsCard = page.getByRole('region', { name: 'Payments' });
  await expect(paymentsCard).toContainText('sandbox');
  await expect(paymentsCard).toContainText('succeeded');
  await expect(paymentsCard.getByText(/^sandbox_[0-9a-f-]{36}$/)).toBeVisible();
  // the part moves only to its allowed next status
  const moveTo = page.getByLabel('Move to');
  await expect(moveTo.locator('option')).toHaveText(['Choose a status', 'Confirmed']);
  await screenshotsAt(page, SHOTS, 'admin-order-detail');
  await moveTo.selectOption('confirmed');
  await page.getByLabel('Note (optional)').fill('Seller confirmed by phone');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Order status updated')).toBeVisible();
  await expect(page.getByTestId('part-status')).toHaveText('Confirmed');
  await expect(moveTo.locator('option')).toHaveText(['Choose a status', 'Shipped']);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Seller confirmed by phone');

  // cancel with a reason, after the confirmation
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
  await expect(dialog).toContainText('the pieces go back to stock');
  await dialog.getByLabel(/Reason/).fill('Seller could not source the fabric');
  await screenshotsAt(page, SHOTS, 'admin-order-cancel');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByText('Order cancelled and refunded')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('Seller could not source the fabric');
  await expect(page.getByRole('region', { name: 'Wallet movements' })).toContainText('Refund for cancelled items');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Cancelled by admin');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await screenshotsAt(page, SHOTS, 'admin-order-cancelled');

  // the shopper's own order page, in a browser of their own
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mine = await context.newPage();
  await signIn(mine, shopper);
  await mine.goto(`/OrderDetail/${orderId}`);
  await expect(mine.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(mine.getByText(/back to your wallet/).first()).toBeVisible();
  await context.close();
  const after = await balanceOf(request, auth);
  const detail = await (await request.get(`/api/order/${orderId}`, { headers: auth })).json();
  expect(detail.data).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'refunded' });
  expect(after - before).toBe(detail.data.orderGrandTotal);
});
