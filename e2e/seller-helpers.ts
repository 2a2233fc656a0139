import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { gstinCheckChar } from '../packages/contract/src/seller-checks.ts';
import { createUser, writeSession } from './helpers.ts';

/* Setup shared by the seller browser tests: applicants with an e-mail, the demo admin, sessions put in the browser. */

export const unique = () => Math.random().toString(36).slice(2, 7);

/** A PAN of 5 letters, 4 digits and a letter, different each run. */
export const randomPan = () => {
  const letters = () => Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  return `${letters()}${String(Math.floor(1000 + Math.random() * 9000))}P`;
};
/** A Delhi (07) GSTIN with the right check character for this PAN. */
export const gstinFor = (pan: string) => `07${pan}1Z${gstinCheckChar(`07${pan}1Z`)}`;

export type Login = { accessToken: string; userId: string };
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new account with a verified e-mail (Become a Seller needs one). */
export async function userWithEmail(request: APIRequestContext, firstname = 'Meera', lastname = 'Joshi') {
  const user = await createUser(request, firstname, lastname);
  const email = `seller-${unique()}@example.com`;
  const sent = await (await request.post('/api/user/request-otp', { headers: auth(user.accessToken), data: { type: 'email', email } })).json();
  expect(sent.success, sent.message).toBe(true);
  const otp = String(sent.data.otp).padStart(6, '0');
  const verified = await (await request.post('/api/user/verify-otp', { headers: auth(user.accessToken), data: { type: 'email', email, otp } })).json();
  expect(verified.success, verified.message).toBe(true);
  return { ...user, email };
}

export async function adminLogin(request: APIRequestContext): Promise<Login> {
  const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000001', password: 'Statewise@123' } })).json();
  expect(login.success, login.message).toBe(true);
  return { accessToken: login.data.accessToken, userId: login.data.user._id };
}

/**
 * Puts a session in the browser, as a login leaves it. Written on a same-origin page that runs no app (the health
 * call): on a page of the app, the session already open may still be settling (its profile call stores the role)
 * and overwrite the new one.
 */
export async function useSession(page: Page, login: Login, role: 'user' | 'vendor' | 'admin') {
  await writeSession(page, login, role);
}

/** Both steps of the seller application through the API (the forms have their own test), without GST. */
export async function applyThroughApi(request: APIRequestContext, user: Login, brand: string, pan = randomPan()) {
  const categories = await (await request.post('/api/category/list', { data: {} })).json();
  const one = await request.post('/api/vendor/initiateVendorRegistration', {
    headers: auth(user.accessToken),
    data: {
      stepNumber: 1,
      brandName: brand,
      sellerName: 'Ravi Kumar',
      vendorSlug: brand.toLowerCase().replace(/\s+/g, '-'),
      panNumber: pan,
      productCategory: [categories.data[0]._id],
      vendorCategory: ['reseller'],
      facebookProfileLink: 'https://facebook.com/statewise-seller',
      callingNumber: '9876543210',
      whatsappNumber: '9876543210',
      avatar: '2',
      termsAccepted: true,
    },
  });
  expect(one.status(), await one.text()).toBe(201);
  const two = await request.post('/api/vendor/completeVendorRegistration', {
    headers: auth(user.accessToken),
    multipart: {
      isGSTRegistered: 'No',
      shippingAddress: '3 MG Road',
      shippingCity: 'New Delhi',
      pincode: '110001',
      shippingFromState: 'Delhi',
      shippingFromCountry: 'India',
      bankAccountHolderName: 'Ravi Kumar',
      bankAccountNumber: '123456789',
      bankIFSCCode: 'HDFC0000001',
      bankBranchName: 'Connaught Place',
    },
  });
  expect(two.status(), await two.text()).toBe(201);
  return { pan };
}

/** The admin's queue, the brand's card in Pending. */
export async function openApplication(page: Page, brand: string) {
  await page.goto('/profile');
  await page.getByRole('link', { name: /Seller applications/ }).click();
  await expect(page).toHaveURL(/\/admin\/seller-applications$/);
  await expect(page.getByRole('heading', { name: 'Seller applications' })).toBeVisible();
  const card = page.getByRole('listitem', { name: brand });
  await expect(card).toBeVisible();
  return card;
}
