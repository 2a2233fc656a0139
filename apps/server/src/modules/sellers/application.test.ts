import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkSellerResult,
  gstinCheckChar,
  MSG,
  sellerApplication,
  sellerApplicationList,
  sellerRecord,
  vendorDetails,
  vendorTermsResult,
} from '@statewise/contract';
import { auditLog, sellerApplications, users, vendors } from '../../db/schema/index.ts';
import type { Notification, Notifier } from '../../lib/notify.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { ensureContentDefaults } from '../content/defaults.ts';
import { dispatchNotifications } from '../notifications/outbox.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newVendor, unique } from '../../test/factories.ts';

let s: TestServer;
let categoryId: string;
let hiddenCategoryId: string;
const sent: Notification[] = [];
const notifier: Notifier = {
  name: 'capture',
  async send(n) {
    sent.push(n);
  },
};

/**
 * What was sent to `email`, once the outbox has sent it: emptied now (the app's own dispatcher may take the message
 * first, so this waits for it). Filtered by person, as an earlier test's message may arrive meanwhile.
 */
async function deliveredTo(email: string | null): Promise<Notification[]> {
  const quiet = { warn: () => undefined } as unknown as Parameters<typeof dispatchNotifications>[1];
  await dispatchNotifications({ db: s.db, notifier, config: s.config }, quiet);
  await vi.waitFor(() => expect(sent.some((n) => n.to.email === email)).toBe(true), { timeout: 10_000 });
  return sent.filter((n) => n.to.email === email);
}

const PAN = 'ABCDE1234F';
/** A GSTIN for PAN in Rajasthan (state code 08), with the right check character. */
const gstinFor = (state: string, pan = PAN) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const ACCOUNT = '123456789012';
const NO_GST = { isGSTRegistered: 'No', gstNumber: '', billingAddress: '', billingCity: '', billingPincode: '', billingFromState: '', billingFromCountry: '' };

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: unknown) => s.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as object });
const get = (url: string, headers: Headers = {}) => s.app.inject({ method: 'GET', url: `/api/${url}`, headers });

function stepOneBody(over: Record<string, unknown> = {}) {
  return {
    stepNumber: 1,
    brandName: 'Rang Mahal',
    sellerName: 'Asha Meena',
    vendorSlug: `rang-mahal-${unique()}`,
    panNumber: PAN.toLowerCase(),
    productCategory: [categoryId],
    vendorCategory: ['manufacturer'],
    facebookProfileLink: 'https://facebook.com/rangmahal',
    callingNumber: '9876543210',
    whatsappNumber: '(987) 654-3210',
    avatar: '1',
    termsAccepted: true,
    ...over,
  };
}

function stepTwoBody(over: Record<string, string> = {}): Record<string, string> {
  return {
    isEditProfile: 'false',
    isGSTRegistered: 'Yes',
    gstNumber: gstinFor('08'),
    billingAddress: '12 Hawa Mahal Road',
    billingCity: 'Jaipur',
    billingPincode: '302001',
    billingFromState: 'Rajasthan',
    billingFromCountry: 'India',
    shippingAddress: '14 Johari Bazar',
    shippingCity: 'Jaipur',
    pincode: '302001',
    shippingFromState: 'Rajasthan',
    shippingFromCountry: 'India',
    bankAccountHolderName: 'Asha Meena',
    bankAccountNumber: ACCOUNT,
    bankIFSCCode: 'sbin0001234',
    bankBranchName: 'Johari Bazar',
    under_1kg: '0',
    under_2kg: '0',
    ...over,
  };
}

/** The form as the browser sends it: multipart, with an optional picture. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----statewise${unique()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="me.png"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const stepTwo = (headers: Headers, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
  const form = multipart(fields, file);
  return s.app.inject({
    method: 'POST',
    url: '/api/vendor/completeVendorRegistration',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
};

/** A user who has given step one (and step two unless `details: false`). */
async function applicant(opts: { details?: boolean; stepOne?: Record<string, unknown> } = {}) {
  const { user, headers } = await loginAs(s);
  const body = stepOneBody(opts.stepOne);
  const one = await post('vendor/initiateVendorRegistration', headers, body);
  expect(one.statusCode).toBe(201);
  if (opts.details !== false) expect((await stepTwo(headers, stepTwoBody())).statusCode).toBe(201);
  const [app] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
  return { user, headers, app: app!, slug: body.vendorSlug as string };
}

let adminHeaders: Headers;

beforeAll(async () => {
  s = await createTestServer({}, { notifier });
  await ensureContentDefaults(s.db);
  categoryId = (await newCategory(s.db)).id;
  hiddenCategoryId = (await newCategory(s.db, { isHidden: true })).id;
  adminHeaders = (await loginAs(s, { role: 'admin' })).headers;
});
afterAll(async () => {
  await s.close();
});

describe('POST /api/vendor/initiateVendorRegistration (step one)', () => {
  it("answers each missing field with the spec's message, in the form's order", async () => {
    const { headers } = await loginAs(s);
    const order: [string, string][] = [
      ['brandName', MSG.brandRequired],
      ['sellerName', MSG.sellerNameRequired],
      ['vendorSlug', MSG.slugRequired],
      ['panNumber', MSG.panRequired],
      ['productCategory', MSG.productCategoryRequired],
      ['vendorCategory', MSG.vendorCategoryRequired],
      ['facebookProfileLink', MSG.facebookRequired],
      ['callingNumber', MSG.callingRequired],
      ['whatsappNumber', MSG.whatsappRequired],
      ['avatar', MSG.avatarRequired],
      ['termsAccepted', MSG.termsRequired],
    ];
    const full = stepOneBody();
    for (let i = 0; i < order.length; i++) {
      // every field before this one filled in, this one and the rest missing
      const body: Record<string, unknown> = {};
      for (const [field] of order.slice(0, i)) body[field] = full[field as keyof typeof full];
      const res = await post('vendor/initiateVendorRegistration', headers, body);
      expect(res.statusCode, order[i]![0]).toBe(400);
      expect(res.json().message).toBe(order[i]![1]);
      expect(res.json().errors[order[i]![0]]).toBe(order[i]![1]);
    }
  });

  it('refuses a bad PAN, slug, link, numbers and unticked terms with their messages', async () => {
    const { headers } = await loginAs(s);
    const cases: [Record<string, unknown>, string][] = [
      [{ panNumber: 'ABCD1234FG' }, MSG.panInvalid],
      [{ vendorSlug: 'Rang Mahal!' }, MSG.slugInvalid],
      [{ facebookProfileLink: 'facebook.com/x' }, MSG.facebookInvalid],
      [{ callingNumber: '12345' }, MSG.callingInvalid],
      [{ whatsappNumber: '98765' }, MSG.whatsappInvalid],
      [{ avatar: '3' }, MSG.avatarRequired],
      [{ termsAccepted: false }, MSG.termsRequired],
      [{ vendorCategory: ['wholesaler'] }, MSG.vendorCategoryRequired],
    ];
    for (const [over, message] of cases) {
      const res = await post('vendor/initiateVendorRegistration', headers, stepOneBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, (await userOf(headers)).id))).toHaveLength(0);
  });

  it('creates a pending application with 201 and the spec message; checkSeller then says step 1, pending', async () => {
    const { user, headers } = await loginAs(s);
    const res = await post('vendor/initiateVendorRegistration', headers, stepOneBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.sellerRegistered);
    expect(expectContract(sellerRecord, res.json())).toEqual({
      registrationCompletionStep: 1,
      application: { status: 'pending', detailsSubmitted: false, decisionNote: null, decidedAt: null },
    });
    const [row] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
    expect(row).toMatchObject({ status: 'pending', brandName: 'Rang Mahal', panLast4: '234F', callingNumber: '9876543210', whatsappNumber: '9876543210' });
    expect(row!.checks).toEqual([{ name: 'pan', passed: true, detail: expect.any(String) }]);
    const check = await get('user/checkSeller', headers);
    expect(expectContract(checkSellerResult, check.json())).toEqual([
      { registrationCompletionStep: 1, application: { status: 'pending', detailsSubmitted: false, decisionNote: null, decidedAt: null } },
    ]);
  });

  it('asks for an e-mail on the profile first (400)', async () => {
    const { headers } = await loginAs(s, { email: null });
    const res = await post('vendor/initiateVendorRegistration', headers, stepOneBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.sellerEmailNeeded);
  });

  it('refuses product categories that do not exist or are hidden (400)', async () => {
    const { headers } = await loginAs(s);
    for (const id of [hiddenCategoryId, '00000000-0000-4000-8000-000000000000']) {
      const res = await post('vendor/initiateVendorRegistration', headers, stepOneBody({ productCategory: [categoryId, id] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.productCategoryUnknown);
    }
  });

  it("refuses a slug used by a live store or another person's application (409)", async () => {
    const store = await newVendor(s.db);
    const { headers } = await loginAs(s);
    const taken = await post('vendor/initiateVendorRegistration', headers, stepOneBody({ vendorSlug: store.vendor.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.slugTaken);

    const other = await applicant({ details: false });
    const again = await post('vendor/initiateVendorRegistration', headers, stepOneBody({ vendorSlug: other.slug }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.slugTaken);
  });

  it('refuses a second application while one is pending (409)', async () => {
    const { headers } = await applicant({ details: false });
    const res = await post('vendor/initiateVendorRegistration', headers, stepOneBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.sellerAlreadyApplied);
  });

  it('tells a vendor they already sell, and refuses an admin (403)', async () => {
    const vendor = await newVendor(s.db);
    const asVendor = await post('vendor/initiateVendorRegistration', await authHeader(s, vendor.user), stepOneBody());
    expect(asVendor.statusCode).toBe(403);
    expect(asVendor.json().message).toBe(MSG.sellerAlreadyVendor);
    const asAdmin = await post('vendor/initiateVendorRegistration', adminHeaders, stepOneBody());
    expect(asAdmin.statusCode).toBe(403);
  });

  it('answers 401 to a guest', async () => {
    expect((await post('vendor/initiateVendorRegistration', {}, stepOneBody())).statusCode).toBe(401);
  });
});

async function userOf(headers: Headers) {
  const res = await get('user', headers);
  return { id: res.json().data._id as string };
}

describe('POST /api/vendor/completeVendorRegistration (step two)', () => {
  it('asks for step one first (400)', async () => {
    const { headers } = await loginAs(s);
    const res = await stepTwo(headers, stepTwoBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.sellerNotApplied);
  });

  it("answers bad fields with the spec's messages", async () => {
    const { headers } = await applicant({ details: false });
    const cases: [Record<string, string>, string][] = [
      [{ isGSTRegistered: '' }, MSG.gstRegisteredRequired],
      [{ gstNumber: '08ABCDE1234F1Z' }, MSG.gstInvalid],
      // right shape, wrong check character
      [{ gstNumber: `08${PAN}1Z${gstinCheckChar(`08${PAN}1Z`) === 'A' ? 'B' : 'A'}` }, MSG.gstInvalid],
      [{ gstNumber: gstinFor('27') }, MSG.gstStateMismatch],
      [{ billingAddress: '' }, MSG.billingAddressRequired],
      [{ billingPincode: '' }, MSG.billingPincodeRequired],
      [{ shippingAddress: '' }, MSG.shippingAddressRequired],
      [{ pincode: '' }, MSG.shippingPincodeRequired],
      [{ pincode: '3020' }, MSG.invalidPincode],
      [{ bankAccountHolderName: '' }, MSG.accountHolderRequired],
      [{ bankAccountNumber: '12345678' }, MSG.accountNumberInvalid],
      [{ bankAccountNumber: '1234567890123456789' }, MSG.accountNumberInvalid],
      [{ bankIFSCCode: 'SBIN1001234' }, MSG.ifscInvalid],
      [{ bankBranchName: 'B1' }, MSG.branchNameInvalid],
      [{ isEditProfile: 'true', firstname: '', lastname: 'Meena' }, MSG.sellerFirstNameRequired],
    ];
    for (const [over, message] of cases) {
      const res = await stepTwo(headers, stepTwoBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
  });

  it("refuses a GSTIN that carries another PAN (400)", async () => {
    const { headers } = await applicant({ details: false });
    const res = await stepTwo(headers, stepTwoBody({ gstNumber: gstinFor('08', 'ZZZZZ9999Z') }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.gstPanMismatch);
  });

  it('refuses pincodes the directory does not know (400)', async () => {
    const { headers } = await applicant({ details: false });
    for (const [field, over] of [
      ['pincode', { pincode: '999999' }],
      ['billingPincode', { billingPincode: '999999' }],
    ] as const) {
      const res = await stepTwo(headers, stepTwoBody(over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.pincodeNotFound, errors: { [field]: MSG.pincodeNotFound } });
    }
  });

  it('stores the details with their checks (201), the account number encrypted, and the picture on the profile', async () => {
    const { user, headers } = await applicant({ details: false });
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).png().toBuffer();
    const res = await stepTwo(headers, stepTwoBody(), { name: 'image', type: 'image/png', data: picture });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.sellerDetailsSubmitted);
    expect(expectContract(sellerRecord, res.json()).application).toMatchObject({ status: 'pending', detailsSubmitted: true });

    const [row] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
    expect(row).toMatchObject({ gstRegistered: true, gstin: gstinFor('08'), shippingPincode: '302001', bankIfsc: 'SBIN0001234', bankAccountLast4: '9012' });
    expect(Object.fromEntries(row!.checks.map((c) => [c.name, c.passed]))).toEqual({
      pan: true,
      gstin: true,
      gstinChecksum: true,
      gstinPan: true,
      gstinState: true,
      ifsc: true,
      accountNumber: true,
    });
    const [person] = await s.db.select({ picture: users.picture }).from(users).where(eq(users.id, user.id));
    expect(person!.picture).toMatch(/^\/uploads\/profile\/[0-9a-f]{32}-\d+w\.webp$/);
    expect((await s.app.inject({ method: 'GET', url: person!.picture })).statusCode).toBe(200);
  });

  it('keeps PAN and account number encrypted at rest: the raw row holds neither', async () => {
    // Not GST registered: a GSTIN carries its PAN by design (and is printed on invoices), so it is left out here.
    const { user, headers } = await applicant({ details: false });
    expect((await stepTwo(headers, stepTwoBody(NO_GST))).statusCode).toBe(201);
    const [app] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
    const raw = await s.db.execute(sql`select row_to_json(a)::text as json from seller_applications a where user_id = ${user.id}`);
    const text = (raw.rows[0] as { json: string }).json;
    expect(text).not.toContain(PAN);
    expect(text).not.toContain(ACCOUNT);
    expect(text).not.toContain(ACCOUNT.slice(0, 8));
    // and they open with the key, in their own row's context only
    const box = new SecretBox(s.config.dataEncryptionKey);
    expect(box.open(app!.panEncrypted!, `pan:${user.id}`)).toBe(PAN);
    expect(box.open(app!.bankAccountEncrypted!, `bank-account:${user.id}`)).toBe(ACCOUNT);
    expect(() => box.open(app!.panEncrypted!, `pan:${app!.id}`)).toThrow();
  });

  it('accepts a seller who is not GST registered, without billing fields', async () => {
    const { user, headers } = await applicant({ details: false });
    const res = await stepTwo(headers, stepTwoBody(NO_GST));
    expect(res.statusCode).toBe(201);
    const [row] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
    expect(row).toMatchObject({ gstRegistered: false, gstin: null, billingAddress: null });
    expect(row!.checks.map((c) => c.name)).toEqual(['pan', 'ifsc', 'accountNumber']);
  });

  it('refuses an admin (403)', async () => {
    expect((await stepTwo(adminHeaders, stepTwoBody())).statusCode).toBe(403);
  });

  it("shows the applicant their own application, masked, to fill the form when editing; 404 without one", async () => {
    const { user, headers } = await applicant();
    const res = await get('vendor/registration', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(expectContract(sellerApplication, res.json())).toMatchObject({
      user: { _id: user.id },
      panNumber: 'XXXXXX234F',
      bank: { accountNumber: 'XXXXXXXX9012', ifsc: 'SBIN0001234' },
      shipping: { address: '14 Johari Bazar', pincode: '302001' },
    });
    expect(JSON.stringify(res.json())).not.toContain(ACCOUNT);
    const none = await get('vendor/registration', (await loginAs(s)).headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.sellerNotApplied);
    expect((await get('vendor/registration', adminHeaders)).statusCode).toBe(403);
  });
});

describe('admin seller applications', () => {
  it('lists applications newest first with a count, by status, PAN and account masked', async () => {
    const first = await applicant();
    const second = await applicant();
    const res = await get('admin/seller-applications?status=pending&pageSize=100', adminHeaders);
    expect(res.statusCode).toBe(200);
    const list = expectContract(sellerApplicationList, res.json());
    const ids = list.applications.map((a) => a._id);
    expect(ids.indexOf(second.app.id)).toBeLessThan(ids.indexOf(first.app.id));
    expect(list.count).toBeGreaterThanOrEqual(2);
    expect(list.applications.every((a) => a.status === 'pending')).toBe(true);
    const mine = list.applications.find((a) => a._id === first.app.id)!;
    expect(mine).toMatchObject({
      panNumber: 'XXXXXX234F',
      bank: { holderName: 'Asha Meena', accountNumber: 'XXXXXXXX9012', ifsc: 'SBIN0001234', branchName: 'Johari Bazar' },
      productCategory: [{ _id: categoryId, name: expect.any(String) }],
      user: { _id: first.user.id, email: first.user.email },
      shipping: { pincode: '302001', state: 'Rajasthan' },
      detailsSubmitted: true,
    });
    // nothing carries the PAN but the GSTIN (whose characters 3-12 are the PAN, by law), nor the account number
    const text = JSON.stringify(res.json().data.applications.map((a: { gstNumber: unknown }) => ({ ...a, gstNumber: null })));
    expect(text).not.toContain(PAN);
    expect(text).not.toContain(ACCOUNT);

    const paged = expectContract(sellerApplicationList, (await get('admin/seller-applications?page=1&pageSize=1', adminHeaders)).json());
    expect(paged.applications).toHaveLength(1);
    expect(paged.count).toBeGreaterThanOrEqual(2);
  });

  it('shows one application with its checks; 404 for an unknown one', async () => {
    const { app } = await applicant();
    const res = await get(`admin/seller-applications/${app.id}`, adminHeaders);
    const one = expectContract(sellerApplication, res.json());
    expect(one.checks.find((c) => c.name === 'ifsc')).toEqual({ name: 'ifsc', passed: true, detail: expect.stringContaining('format only') });
    expect(one.panNumber).toBe('XXXXXX234F');
    const missing = await get('admin/seller-applications/00000000-0000-4000-8000-000000000000', adminHeaders);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.applicationNotFound);
  });

  it('approves: the person becomes a vendor, the store answers at its slug, they are told, and it is audited', async () => {
    const { user, headers, app, slug } = await applicant();
    // the directory answer is cached: it must be refreshed when the store goes live
    const directory = () => s.app.inject({ method: 'POST', url: '/api/admin/vendors', payload: { search: 'Rang Mahal', pageSize: 100 } });
    expect(JSON.stringify((await directory()).json())).not.toContain(slug);
    expect((await get(`vendor/slug/${slug}`)).statusCode).toBe(404);
    sent.length = 0;

    const res = await post(`admin/seller-applications/${app.id}/approve`, adminHeaders, { note: 'Welcome aboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.sellerApproved);
    expect(expectContract(sellerApplication, res.json())).toMatchObject({ status: 'approved', registrationCompletionStep: 2, decisionNote: 'Welcome aboard' });

    const [person] = await s.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(person!.role).toBe('vendor');
    const [store] = await s.db.select().from(vendors).where(eq(vendors.userId, user.id));
    expect(store).toMatchObject({ slug, brandName: 'Rang Mahal', sellerName: 'Asha Meena', pickupPincode: '302001', address: '14 Johari Bazar', city: 'Jaipur', state: 'Rajasthan', gstin: gstinFor('08'), registrationStep: 2 });
    expect(store!.avatar).toMatch(/^\/media\/art\/avatar\/.+label=RM$/);
    expect(store!.banner).toMatch(/^\/media\/art\/vendor-banner\/.+label=Rang%20Mahal$/);
    expect((await s.app.inject({ method: 'GET', url: store!.banner })).statusCode).toBe(200);

    const page = await get(`vendor/slug/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(expectContract(vendorDetails, page.json())).toBeTruthy();
    expect(JSON.stringify((await directory()).json())).toContain(slug);

    // the same session now acts as a vendor: step one is closed to them, editing step two is open
    expect(expectContract(checkSellerResult, (await get('user/checkSeller', headers)).json())).toEqual([
      { registrationCompletionStep: 2, application: { status: 'approved', detailsSubmitted: true, decisionNote: 'Welcome aboard', decidedAt: expect.any(String) } },
    ]);
    const again = await post('vendor/initiateVendorRegistration', headers, stepOneBody());
    expect(again.json().message).toBe(MSG.sellerAlreadyVendor);

    expect(await deliveredTo(user.email)).toEqual([
      { kind: 'seller-approved', to: { email: user.email, name: user.firstname }, subject: expect.any(String), text: expect.stringContaining('Welcome aboard') },
    ]);
    expect((await deliveredTo(user.email))[0]!.text).toContain(`/store/${slug}`);
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.entityId, app.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'approve', entity: 'seller_application', actorId: expect.any(String), createdAt: expect.any(Date) })]);
  });

  it('refuses to approve twice, or to reject an approved one (409)', async () => {
    const { app } = await applicant();
    expect((await post(`admin/seller-applications/${app.id}/approve`, adminHeaders)).statusCode).toBe(200);
    const twice = await post(`admin/seller-applications/${app.id}/approve`, adminHeaders, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.applicationNotPending);
    const reject = await post(`admin/seller-applications/${app.id}/reject`, adminHeaders, { reason: 'Too late' });
    expect(reject.statusCode).toBe(409);
  });

  it('approves exactly once when two admins approve at the same moment', async () => {
    const { user, app } = await applicant();
    sent.length = 0;
    const [a, b] = await Promise.all([
      post(`admin/seller-applications/${app.id}/approve`, adminHeaders, {}),
      post(`admin/seller-applications/${app.id}/approve`, adminHeaders, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await s.db.select().from(vendors).where(eq(vendors.userId, user.id))).toHaveLength(1);
    expect(await deliveredTo(user.email)).toHaveLength(1);
    expect((await s.db.select().from(auditLog).where(eq(auditLog.entityId, app.id))).map((r) => r.action)).toEqual(['approve']);
  });

  it('refuses to approve before step two (409) and leaves the person a user', async () => {
    const { user, app } = await applicant({ details: false });
    const res = await post(`admin/seller-applications/${app.id}/approve`, adminHeaders, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.applicationNeedsDetails);
    const [person] = await s.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(person!.role).toBe('user');
    expect(await s.db.select().from(vendors).where(eq(vendors.userId, user.id))).toHaveLength(0);
  });

  it('rejects only with a reason; the applicant is told, sees it, and may apply again', async () => {
    const { user, headers, app } = await applicant();
    const blank = await post(`admin/seller-applications/${app.id}/reject`, adminHeaders, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MSG.rejectionReasonRequired);
    expect((await post(`admin/seller-applications/${app.id}/reject`, adminHeaders, {})).json().message).toBe(MSG.rejectionReasonRequired);
    sent.length = 0;

    const res = await post(`admin/seller-applications/${app.id}/reject`, adminHeaders, { reason: 'The PAN does not match the name' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.sellerRejected);
    expect(await deliveredTo(user.email)).toEqual([expect.objectContaining({ kind: 'seller-rejected', to: { email: user.email, name: user.firstname }, text: expect.stringContaining('The PAN does not match the name') })]);
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.entityId, app.id));
    expect(audit.map((a) => a.action)).toEqual(['reject']);

    expect(expectContract(checkSellerResult, (await get('user/checkSeller', headers)).json())).toEqual([
      { registrationCompletionStep: 1, application: { status: 'rejected', detailsSubmitted: true, decisionNote: 'The PAN does not match the name', decidedAt: expect.any(String) } },
    ]);

    // resubmitted: the same record, pending again, step two to give again
    const again = await post('vendor/initiateVendorRegistration', headers, stepOneBody({ vendorSlug: `rang-mahal-${unique()}`, brandName: 'Rang Mahal Jaipur' }));
    expect(again.statusCode).toBe(201);
    expect(expectContract(sellerRecord, again.json()).application).toEqual({ status: 'pending', detailsSubmitted: false, decisionNote: null, decidedAt: null });
    const rows = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: app.id, status: 'pending', brandName: 'Rang Mahal Jaipur', decidedBy: null });
  });

  it('answers 403 to a user and a vendor on every admin call, and 401 to a guest', async () => {
    const { app } = await applicant();
    const user = (await loginAs(s)).headers;
    const vendor = await authHeader(s, (await newVendor(s.db)).user);
    const calls: [string, string, unknown?][] = [
      ['GET', 'admin/seller-applications'],
      ['GET', `admin/seller-applications/${app.id}`],
      ['POST', `admin/seller-applications/${app.id}/approve`, {}],
      ['POST', `admin/seller-applications/${app.id}/reject`, { reason: 'x' }],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [user, vendor]) {
        const res = await s.app.inject({ method: method as 'GET', url: `/api/${url}`, headers, payload: payload as object });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await s.app.inject({ method: method as 'GET', url: `/api/${url}`, payload: payload as object })).statusCode).toBe(401);
    }
    const [row] = await s.db.select({ status: sellerApplications.status }).from(sellerApplications).where(eq(sellerApplications.id, app.id));
    expect(row!.status).toBe('pending');
  });
});

describe('an approved vendor editing step two', () => {
  it('updates the application and the live store (address, pickup pincode, GSTIN) and the names', async () => {
    const { user, app, headers } = await applicant();
    await post(`admin/seller-applications/${app.id}/approve`, adminHeaders, {});
    const res = await stepTwo(
      headers,
      stepTwoBody({ isEditProfile: 'true', firstname: 'Asha', lastname: 'Meena', isGSTRegistered: 'No', gstNumber: '', shippingAddress: '3 MG Road', shippingCity: 'Bengaluru', pincode: '560001', shippingFromState: 'Karnataka' }),
    );
    expect(res.statusCode).toBe(201);
    const [store] = await s.db.select().from(vendors).where(eq(vendors.userId, user.id));
    expect(store).toMatchObject({ address: '3 MG Road', city: 'Bengaluru', state: 'Karnataka', pickupPincode: '560001', gstin: null });
    const [person] = await s.db.select().from(users).where(eq(users.id, user.id));
    expect(person).toMatchObject({ firstname: 'Asha', lastname: 'Meena' });
  });

  it('gives a seeded store (no application) a home for its bank details', async () => {
    const { user, vendor } = await newVendor(s.db);
    const res = await stepTwo(await authHeader(s, user), stepTwoBody({ isGSTRegistered: 'No', gstNumber: '', pincode: '110001', shippingFromState: 'Delhi' }));
    expect(res.statusCode).toBe(201);
    const [row] = await s.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.id));
    expect(row).toMatchObject({ status: 'approved', slug: vendor.slug, bankAccountLast4: '9012', panEncrypted: null });
    const [store] = await s.db.select().from(vendors).where(eq(vendors.userId, user.id));
    expect(store!.pickupPincode).toBe('110001');
  });
});

describe('GET /api/admin/vendor-terms-conditions', () => {
  it('answers the seller terms as HTML, which the admin edits as a page (sanitised)', async () => {
    const res = await get('admin/vendor-terms-conditions');
    expect(res.statusCode).toBe(200);
    expect(expectContract(vendorTermsResult, res.json()).terms).toContain('Seller Terms and Conditions');

    const edit = await s.app.inject({
      method: 'PUT',
      url: '/api/admin/content/vendor-terms',
      headers: adminHeaders,
      payload: { html: '<h2>Our seller terms</h2><script>alert(1)</script><p onclick="x()">Be honest.</p>' },
    });
    expect(edit.statusCode).toBe(200);
    const terms = (await get('admin/vendor-terms-conditions')).json().data.terms as string;
    expect(terms).toContain('Our seller terms');
    expect(terms).not.toContain('script');
    expect(terms).not.toContain('onclick');
  });
});

describe('OpenAPI', () => {
  it('documents every seller route', async () => {
    const paths = (await get('docs/json')).json().paths as Record<string, Record<string, { summary?: string }>>;
    for (const [path, method] of [
      ['/api/user/checkSeller', 'get'],
      ['/api/vendor/initiateVendorRegistration', 'post'],
      ['/api/vendor/completeVendorRegistration', 'post'],
      ['/api/vendor/registration', 'get'],
      ['/api/admin/vendor-terms-conditions', 'get'],
      ['/api/admin/seller-applications', 'get'],
      ['/api/admin/seller-applications/{id}', 'get'],
      ['/api/admin/seller-applications/{id}/approve', 'post'],
      ['/api/admin/seller-applications/{id}/reject', 'post'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, path).toBeTruthy();
    }
  });
});
