import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Shared setup for browser tests: new accounts through the API (demo mode echoes codes as data.otp), the login
 * dialog, and products found through the catalogue API rather than hard-coded slugs.
 */

/** A 10-digit mobile starting 6–9 that no demo account uses. */
export function randomMobile(): string {
  const first = String(6 + Math.floor(Math.random() * 4));
  let rest = '';
  for (let i = 0; i < 9; i++) rest += String(Math.floor(Math.random() * 10));
  return first === '9' && rest.startsWith('00000000') ? randomMobile() : first + rest;
}

/** Makes an account through the API (sign-up code → verification token → register); returns its login. */
export async function createUser(request: APIRequestContext, firstname = 'Test', lastname = 'Shopper') {
  const mobile = randomMobile();
  const sent = await (await request.post('/api/auth/request-otp', { data: { type: 'mobile', mobile } })).json();
  const otp = String(sent.data.otp).padStart(6, '0');
  const verified = await (await request.post('/api/auth/verify-otp', { data: { type: 'mobile', mobile, otp, purpose: 'signup' } })).json();
  const registered = await (
    await request.post('/api/auth/register', { data: { type: 'mobile', firstname, lastname, mobile, otpVerificationCode: verified.data.token } })
  ).json();
  expect(registered.success, registered.message).toBe(true);
  return { mobile, accessToken: registered.data.accessToken as string, userId: registered.data.user._id as string, name: `${firstname} ${lastname}` };
}

/** The code the demo server echoed in the response to `path` (waits for that call while `action` runs). */
export async function codeFrom(page: Page, path: string, action: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api/${path}`) && r.request().method() === 'POST'), action()]);
  const body = (await response.json()) as { success: boolean; data?: { otp?: number }; message?: string };
  expect(body.success, body.message).toBe(true);
  return String(body.data!.otp).padStart(6, '0');
}

/** Logs in through the open login dialog with the code the demo server echoes. */
export async function loginInDialog(page: Page, mobile: string) {
  const dialog = page.getByRole('dialog', { name: 'Login or Sign up' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Mobile number or e-mail').fill(mobile);
  const otp = await codeFrom(page, 'auth/request-login-otp', () => dialog.getByRole('button', { name: 'CONTINUE' }).click());
  const codeDialog = page.getByRole('dialog', { name: 'Verify to log in' });
  await codeDialog.getByLabel('Enter the 6-digit code').fill(otp);
  await codeDialog.getByRole('button', { name: 'VERIFY & LOGIN' }).click();
  await expect(page.getByText('Login Successfull!')).toBeVisible();
}

/** Signs a browser in with a token made through the API (for tests about what comes after login): home, then the session stored. */
/**
 * Writes a session where the web app would keep it. On /api/health, a page that runs no app: written on a page
 * where the app is booting, a guest's requests still in flight could race the session (seen as flaky CI runs).
 */
export async function writeSession(page: Page, user: { accessToken: string; userId: string }, role: 'user' | 'vendor' | 'admin') {
  await page.goto('/api/health');
  await page.evaluate(
    ({ accessToken, userId, role }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('userID', userId);
      localStorage.setItem('role', role);
    },
    { ...user, role },
  );
}

export async function signIn(page: Page, user: { accessToken: string; userId: string }) {
  await writeSession(page, user, 'user');
}

/** Signs a browser in as the demo vendor (9000000002) by password login (no OTP, so no resend cooldown); returns the login. */
export async function signInAsDemoVendor(page: Page, request: APIRequestContext): Promise<{ accessToken: string; userId: string }> {
  const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000002', password: 'Statewise@123' } })).json();
  if (!login.success) throw new Error(`Demo vendor login failed: ${login.message}`);
  const who = { accessToken: login.data.accessToken as string, userId: login.data.user._id as string };
  await writeSession(page, who, 'vendor');
  return who;
}

/** A product card as product/list answers it (the fields the browser tests read). */
export interface Card {
  _id: string;
  slug: string;
  name: string;
  vendorId: string;
  offeredPrice: number;
  isFreeSize: boolean;
  isColorOptions: boolean;
  inStock: boolean;
  rating: number;
  reviewsCount: number;
}

export interface SizeStock {
  size: string;
  quantity: number;
}
export interface CatalogueProduct {
  _id: string;
  slug: string;
  name: string;
  isFreeSize: boolean;
  isColorOptions: boolean;
  freeSizeQty: number;
  offeredPrice: number;
  sizeInventory: SizeStock[];
  colorInventory: Array<{ color: string; quantity: number; images: string[] }>;
}

/**
 * The first product (new arrivals order, then further pages) whose detail passes `test`; the listing's card
 * filter `card` narrows which details are fetched.
 */
export async function findProduct(
  request: APIRequestContext,
  test: (p: CatalogueProduct) => boolean,
  card: (c: { isFreeSize: boolean; isColorOptions: boolean; inStock: boolean }) => boolean = () => true,
): Promise<CatalogueProduct> {
  // Every page: sold-out products come last in the listing.
  for (let page = 1; ; page++) {
    const list = await (await request.post('/api/product/list', { data: { page, pageSize: 100 } })).json();
    if (list.data.products.length === 0) break;
    for (const c of list.data.products as Array<{ slug: string; isFreeSize: boolean; isColorOptions: boolean; inStock: boolean }>) {
      if (!card(c)) continue;
      const detail = await (await request.get(`/api/product/${c.slug}`)).json();
      const p = detail.data.productDetail as CatalogueProduct;
      if (test(p)) return p;
    }
  }
  throw new Error('No product in the catalogue matches');
}

/** With a folder set (e.g. SELLER_SHOTS=dir), the page at 390 and 1280 px, whole, for a person to look at. */
export async function screenshotsAt(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
