import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatINRPaise } from '../packages/contract/src/format.ts';
import { createUser, screenshotsAt } from './helpers.ts';

/*
 * Earnings (issue 10, ADR 017): the demo admin sets the commission of the category of one of the demo vendor's
 * products on /admin/commissions; a shopper buys that product (cash on delivery, through the API) and the vendor
 * confirms, ships and delivers it (API); the demo vendor then opens Earnings in the console and sees the order's
 * sale, commission and net, the month's figures and the year's statement, and downloads the month's CSV.
 * EARNINGS_SHOTS=dir keeps screenshots at 390 and 1280 px.
 */

const shots = process.env.EARNINGS_SHOTS;

interface Login {
  accessToken: string;
  userId: string;
}

async function passwordLogin(request: APIRequestContext, mobile: string): Promise<Login> {
  const res = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile, password: 'Statewise@123' } })).json();
  expect(res.success, res.message).toBe(true);
  return { accessToken: res.data.accessToken as string, userId: res.data.user._id as string };
}

async function useSession(page: Page, login: Login, role: 'admin' | 'vendor') {
  await page.goto('/');
  await page.evaluate(
    ({ accessToken, userId, role }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('userID', userId);
      localStorage.setItem('role', role);
    },
    { ...login, role },
  );
}

interface Card {
  _id: string;
  slug: string;
  isFreeSize: boolean;
  isColorOptions: boolean;
  inStock: boolean;
  offeredPrice: number;
}

test('the admin sets a category’s commission; the vendor sees a delivered order’s sale, commission and net in Earnings', async ({ page, request }) => {
  const vendor = await passwordLogin(request, '9000000002');
  const vendorAuth = { authorization: `Bearer ${vendor.accessToken}` };
  const list = await (await request.post('/api/vendor/products/list', { data: { userId: vendor.userId, page: 1, pageSize: 100 } })).json();
  // the last in-stock free-size product: vendor-orders.spec.ts buys the first, and runs alongside
  const product = (list.data.products as Card[]).filter((p) => p.isFreeSize && !p.isColorOptions && p.inStock).at(-1);
  expect(product, 'an in-stock free-size product of the demo vendor').toBeTruthy();
  const detail = await (await request.get(`/api/product/${product!.slug}`)).json();
  const category = detail.data.productDetail.categoryId as { _id: string; name: string };

  // the admin: a wrong rate is refused with the reason, then 12.5 % is saved
  await useSession(page, await passwordLogin(request, '9000000001'), 'admin');
  await page.goto('/admin/commissions');
  await expect(page.getByRole('heading', { name: 'Commission rates' })).toBeVisible();
  const row = page.getByRole('form', { name: `Commission for ${category.name}` });
  const rate = page.getByLabel(category.name, { exact: true });
  await rate.fill('60');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('alert')).toHaveText('Commission must be between 0% and 50%');
  await screenshotsAt(page, shots, 'admin-commissions-error');
  await rate.fill('12.5');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${category.name}: 12.5%. Commission updated`)).toBeVisible();
  await screenshotsAt(page, shots, 'admin-commissions');
  const rates = await (await request.get('/api/admin/commissions', { headers: { authorization: `Bearer ${(await passwordLogin(request, '9000000001')).accessToken}` } })).json();
  expect(rates.data.categories.find((c: { _id: string }) => c._id === category._id).commissionPercent).toBe(12.5);

  // a shopper's order of that product, delivered by the vendor
  const shopper = await createUser(request, 'Isha', 'Rao');
  const auth = { authorization: `Bearer ${shopper.accessToken}` };
  const address = { firstName: 'Isha', lastName: 'Rao', streetAddress: '4 Park Street', mobile: shopper.mobile, pincode: '110001', landmark: '', shippingNote: '' };
  const placed = await (await request.post('/api/order/create/buyNow', { headers: auth, data: { productId: product!._id, quantity: 1, isFreeSize: 'true', address, paymentMode: 'cod' } })).json();
  expect(placed.success, placed.message).toBe(true);
  const orderId = placed.data.orderId as string;
  for (const [action, body] of [['confirm', {}], ['ship', { courierPartner: 'Delhivery', awsNumber: 'DLV-5566778899' }], ['deliver', {}]] as const) {
    const res = await request.post(`/api/vendor/orders/${orderId}/${action}`, { headers: vendorAuth, data: body });
    expect(res.ok(), `${action}: ${await res.text()}`).toBe(true);
  }
  const part = await (await request.get(`/api/vendor/orders/${orderId}`, { headers: vendorAuth })).json();
  const orderNumber = part.data.orderNumber as string;
  const salePaise = part.data.partTotal * 100;
  // price × 12.50 %, half a paisa up
  const commissionPaise = Math.floor((part.data.partTotal * 1250 + 50) / 100);
  const [sale, commission, net] = [formatINRPaise(salePaise), formatINRPaise(commissionPaise), formatINRPaise(salePaise - commissionPaise)];

  // the vendor, in the console
  await useSession(page, vendor, 'vendor');
  await page.goto('/vendor');
  await page.getByRole('navigation', { name: 'Vendor console' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/vendor\/earnings$/);
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  const orderRow = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(orderRow).toContainText('Delivered');
  await expect(orderRow).toContainText('Earned');
  await expect(orderRow).toContainText(sale);
  await expect(orderRow).toContainText(`${commission} (12.5%)`);
  await expect(orderRow).toContainText(net);
  const cards = page.getByRole('region', { name: /^Earnings in / });
  await expect(cards).toContainText('Net earnings');
  // the statement's row of this month counts it
  const statement = page.getByRole('table', { name: /^Statement for / });
  await expect(statement.getByRole('row', { name: /^Total/ })).toBeVisible();

  // the month's CSV
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statewise-earnings-\d{4}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString('utf8');
  const net2 = ((salePaise - commissionPaise) / 100).toFixed(2);
  expect(text).toContain(`${orderNumber},`);
  expect(text).toContain(',delivered,Earned,1,');
  expect(text).toContain(`,12.50,${(salePaise / 100).toFixed(2)},${(commissionPaise / 100).toFixed(2)},${net2}`);

  // the month before: the demo data has no orders, so the month is empty
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/\/vendor\/earnings\?month=\d{4}-\d{2}$/);
  await expect(page.getByText(/^No orders in /)).toBeVisible();
  await screenshotsAt(page, shots, 'vendor-earnings-empty-month');
  await page.getByRole('button', { name: 'Next month' }).click();

  // a phone: the console's tabs scroll to show Earnings, and the orders are cards
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/vendor/earnings');
  await expect(page.getByRole('navigation', { name: 'Vendor console' }).getByRole('link', { name: 'Earnings' })).toBeInViewport({ ratio: 0.95 });
  const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: orderNumber });
  await expect(card).toBeVisible();
  await expect(card).toContainText(net);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotsAt(page, shots, 'vendor-earnings');
});
