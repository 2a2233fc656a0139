/**
 * Helpers for checkout, payment and wallet tests: a vendor with stock, a signed-in buyer, a verified guest mobile,
 * and a browser's trip through the sandbox payment page.
 *
 *   const shop = await newShop(s);                              // vendor, category, a sized product (s/m/l × 5)
 *   const { headers } = await loginAs(s);
 *   const res = await buyNow(s, headers, { productId: shop.product.id, size: 'm' });
 *   const back = await payInSandbox(s, res.body.data.url, 'success');   // 303 → /payment-confirmation?status=true…
 */
import { sql } from 'drizzle-orm';
import type { Size } from '@statewise/contract';
import { walletTransactions } from '../db/schema/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { newCategory, newProduct, newVendor, type NewProduct, uniqueMobile } from './factories.ts';
import type { TestServer } from './app.ts';

/** A believable delivery address in Jaipur (302001 is in the pincode directory). */
export function anAddress(over: Record<string, unknown> = {}) {
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    streetAddress: '14 Johari Bazaar',
    mobile: uniqueMobile(),
    pincode: '302001',
    landmark: 'Near the Hawa Mahal',
    shippingNote: '',
    ...over,
  };
}

/** A vendor with a store, a category, and one product (sized s/m/l × 5 unless `product` says otherwise). */
export async function newShop(s: Pick<TestServer, 'db'>, product: Partial<NewProduct> = {}) {
  const vendor = await newVendor(s.db);
  const category = await newCategory(s.db, { hsnCode: '6204', gstRate: 12 });
  const p = await newProduct(s.db, { categoryId: category.id, vendorId: vendor.userId, price: 2000, offeredPrice: 1500, ...product });
  return { vendor, category, product: p };
}

export async function newStockedProduct(s: Pick<TestServer, 'db'>, shop: { vendor: { userId: string }; category: { id: string } }, over: Partial<NewProduct> = {}) {
  return newProduct(s.db, { categoryId: shop.category.id, vendorId: shop.vendor.userId, price: 2000, offeredPrice: 1500, ...over });
}

type Headers = Record<string, string>;

export async function post(s: Pick<TestServer, 'app'>, url: string, payload: unknown, headers: Headers = {}) {
  const res = await s.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function get(s: Pick<TestServer, 'app'>, url: string, headers: Headers = {}) {
  const res = await s.app.inject({ method: 'GET', url: `/api${url}`, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** POST order/create/buyNow with a fresh full address unless given. */
export function buyNow(
  s: Pick<TestServer, 'app'>,
  headers: Headers,
  line: { productId: string; size?: Size; color?: string; quantity?: number },
  more: Record<string, unknown> = {},
) {
  return post(s, '/order/create/buyNow', { address: anAddress(), paymentMode: 'online', quantity: 1, ...line, ...more }, headers);
}

/** A verified guest mobile: send-otp (the code comes back in demo mode), verify-otp → the token. */
export async function guestToken(s: Pick<TestServer, 'app'>, mobile: string): Promise<string> {
  const sent = await post(s, '/guest/send-otp', { type: 'mobile', mobile });
  if (sent.status !== 200) throw new Error(`send-otp ${sent.status}: ${sent.body.message}`);
  const verified = await post(s, '/guest/verify-otp', { type: 'mobile', mobile, otp: sent.body.data.otp });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${verified.body.message}`);
  return verified.body.data.token as string;
}

/** The path of an absolute payment URL (tests talk to the app through inject). */
export const pathOf = (url: string) => new URL(url).pathname;

/** What the payment page's form for `outcome` carries (its signature). */
export async function pageSignature(s: Pick<TestServer, 'app'>, url: string, outcome: 'success' | 'failure'): Promise<string> {
  const page = await s.app.inject({ method: 'GET', url: pathOf(url) });
  const match = new RegExp(`name="outcome" value="${outcome}"><input type="hidden" name="signature" value="([^"]+)"`).exec(page.body);
  if (!match) throw new Error(`no ${outcome} form on the payment page (${page.statusCode})`);
  return match[1]!;
}

/** A payer pressing Pay or Fail on the sandbox page: the form post as a browser sends it. */
export async function payInSandbox(s: Pick<TestServer, 'app'>, url: string, outcome: 'success' | 'failure') {
  const signature = await pageSignature(s, url, outcome);
  const res = await s.app.inject({
    method: 'POST',
    url: `${pathOf(url)}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome, signature }).toString(),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
}

/** Stock of a size, colour or free-size product now. */
export async function stockOf(db: DbOrTx, productId: string, pick: { size?: Size; color?: string } = {}): Promise<number> {
  const res = pick.size
    ? await db.execute<{ q: number }>(sql`select quantity as q from product_sizes where product_id = ${productId} and size = ${pick.size}::size`)
    : pick.color
      ? await db.execute<{ q: number }>(sql`select quantity as q from product_colors where product_id = ${productId} and color = ${pick.color}`)
      : await db.execute<{ q: number }>(sql`select free_size_qty as q from products where id = ${productId}`);
  return Number(res.rows[0]?.q);
}

export async function salesOf(db: DbOrTx, productId: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select sales_count as n from products where id = ${productId}`);
  return Number(res.rows[0]?.n);
}

/** Credits a user's wallet directly (a completed reward-like credit), for wallet-cash tests. */
export async function fundWallet(db: DbOrTx, userId: string, amount: number): Promise<void> {
  await db.insert(walletTransactions).values({ userId, type: 'credit', status: 'completed', kind: 'recharge', amount, description: 'Wallet recharge' });
}
