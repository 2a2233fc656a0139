import { MSG } from '@statewise/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInForTest } from '../../test/render.tsx';
import MobileMenu from '../../app/MobileMenu.tsx';
import { ProfilePage } from '../profile/ProfilePage.tsx';
import { VendorRegistrationPage } from './VendorRegistrationPage.tsx';
import { VendorRegistrationSecondPage } from './VendorRegistrationSecondPage.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
// Typing through user-event is slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

type Answer = { status?: number; body?: unknown; data?: unknown };
type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];

/** fetch answering `METHOD path` from a table (the envelope around `data`, or `status`/`body` as given); FormData kept as it is. */
function server(routes: Record<string, Answer>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '').split('?')[0]!;
      const method = init?.method ?? 'GET';
      const body = init?.body instanceof FormData ? init.body : init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path, body });
      const answer = routes[`${method} ${path}`];
      if (!answer) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
      const payload = answer.body ?? { success: true, data: answer.data ?? {} };
      return new Response(JSON.stringify(payload), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const CATEGORIES = [
  { _id: '0b6f9f0e-1c1a-4d7e-9a51-000000000001', name: 'Sarees', slug: 'sarees', image: '', subcategory: [] },
  { _id: '0b6f9f0e-1c1a-4d7e-9a51-000000000002', name: 'Jewellery', slug: 'jewellery', image: '', subcategory: [] },
];
const PROFILE = { _id: 'u1', role: 'user', firstname: 'Meera', lastname: 'Joshi', email: 'meera@example.com', mobile: '9876543210', picture: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The message a field points at (aria-describedby): its error or hint. */
const note = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('Vendor Registration (step one)', () => {
  function setup(extra: Record<string, Answer> = {}) {
    signInForTest('user');
    server({ 'POST category/list': { data: CATEGORIES }, ...extra });
    const user = userEvent.setup();
    const view = renderAt(<VendorRegistrationPage />, { url: '/auth/vendor-registration' });
    return { user, view };
  }

  it('derives the slug from the brand as it is typed, and stops following the brand once the slug is edited', async () => {
    const { user } = setup();
    await user.type(input('Brand name'), 'Rang Mahal_Jaipur!');
    expect(input('Store address (slug)').value).toBe('rang-mahal-jaipur');
    await user.clear(input('Store address (slug)'));
    await user.type(input('Store address (slug)'), 'rangmahal');
    await user.type(input('Brand name'), ' Crafts');
    expect(input('Store address (slug)').value).toBe('rangmahal');
  });

  it('upper-cases the PAN as it is typed', async () => {
    const { user } = setup();
    await user.type(input('PAN number'), 'abcde1234f');
    expect(input('PAN number').value).toBe('ABCDE1234F');
  });

  it('shows only the first problem in the spec order, next to its field and in a toast', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(note(input('Brand name'))).toBe(MSG.brandRequired);
    expect(toasts.error).toHaveBeenLastCalledWith(MSG.brandRequired);
    expect(screen.queryByText(MSG.sellerNameRequired)).toBeNull();

    await user.type(input('Brand name'), 'Rang Mahal');
    await user.type(input('Seller name'), 'Meera Joshi');
    await user.type(input('PAN number'), 'abc12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // PAN comes before the (also missing) categories, numbers, avatar and terms.
    expect(note(input('PAN number'))).toBe(MSG.panInvalid);
    expect(screen.queryByText(MSG.productCategoryRequired)).toBeNull();

    await user.clear(input('PAN number'));
    await user.type(input('PAN number'), 'ABCDE1234F');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.productCategoryRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === 'vendor/initiateVendorRegistration')).toBe(false);
  });

  async function fillAll(user: ReturnType<typeof userEvent.setup>) {
    await user.type(input('Brand name'), 'Rang Mahal');
    await user.type(input('Seller name'), 'Meera Joshi');
    await user.type(input('PAN number'), 'abcde1234f');
    await user.click(await screen.findByRole('checkbox', { name: 'Sarees' }));
    await user.click(screen.getByRole('checkbox', { name: 'Manufacturer' }));
    await user.type(input('Facebook profile link'), 'https://facebook.com/rangmahal');
    await user.type(input('Calling number'), '98765432101234');
    await user.type(input('WhatsApp number'), '9876543210');
    await user.click(screen.getByRole('radio', { name: 'Avatar 2' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  }

  it('sends the payload and, on 201, says so and goes on to step two', async () => {
    const { user, view } = setup({ 'POST vendor/initiateVendorRegistration': { status: 201, body: { success: true, message: MSG.sellerRegistered, data: {} } } });
    await fillAll(user);
    expect(input('Calling number').value).toBe('9876543210');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.location.current).toBe('/auth/vendor-registration-second'));
    expect(toasts.success).toHaveBeenCalledWith(MSG.sellerRegistered);
    const sent = calls.find((c) => c.path === 'vendor/initiateVendorRegistration')!.body;
    expect(sent).toMatchObject({
      stepNumber: 1,
      brandName: 'Rang Mahal',
      vendorSlug: 'rang-mahal',
      panNumber: 'ABCDE1234F',
      productCategory: [CATEGORIES[0]!._id],
      vendorCategory: ['manufacturer'],
      avatar: '2',
      termsAccepted: true,
    });
  });

  it("shows the server's field refusal next to that field", async () => {
    const { user, view } = setup({
      'POST vendor/initiateVendorRegistration': { status: 409, body: { success: false, message: 'This store address is taken', errors: { vendorSlug: 'This store address is taken' } } },
    });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(note(input('Store address (slug)'))).toBe('This store address is taken'));
    expect(view.location.current).toBe('/auth/vendor-registration');
  });

  it('opens the vendor terms from the link, sanitised', async () => {
    const { user } = setup({ 'GET admin/vendor-terms-conditions': { data: { terms: '<p>Ship within 3 days</p><script>alert(1)</script>' } } });
    await user.click(screen.getByRole('button', { name: 'vendor terms and conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vendor terms and conditions' });
    expect(await within(dialog).findByText('Ship within 3 days')).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
  });
});

describe('Seller details (step two)', () => {
  function setup(extra: Record<string, Answer> = {}, url = '/auth/vendor-registration-second') {
    signInForTest('user');
    server({ 'GET user': { data: PROFILE }, ...extra });
    const user = userEvent.setup();
    const view = renderAt(<VendorRegistrationSecondPage />, { url });
    return { user, view };
  }

  it('shows the GSTIN only when GST registered is Yes', async () => {
    const { user } = setup();
    expect(screen.queryByLabelText('GSTIN')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(input('GSTIN')).toBeTruthy();
    await user.type(input('GSTIN'), '08abcde1234f1z5');
    expect(input('GSTIN').value).toBe('08ABCDE1234F1Z5');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('GSTIN')).toBeNull();
  });

  it('shows the e-mail and mobile read-only and the names from the profile', async () => {
    setup();
    await waitFor(() => expect(input('E-mail').value).toBe('meera@example.com'));
    expect(input('E-mail').readOnly).toBe(true);
    expect(input('Mobile').readOnly).toBe(true);
    expect(input('First name').value).toBe('Meera');
  });

  it('copies the billing address into shipping with Same as billing, and keeps following it', async () => {
    const { user } = setup();
    await user.type(input('Billing address'), '12 Johari Bazaar');
    await user.type(input('Billing city'), 'Jaipur');
    await user.type(input('Billing state'), 'Rajasthan');
    await user.type(input('Billing country'), 'India');
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing' }));
    expect(input('Shipping address').value).toBe('12 Johari Bazaar');
    expect(input('Shipping city').value).toBe('Jaipur');
    expect(input('Shipping state').value).toBe('Rajasthan');
    await user.type(input('Billing address'), ', Gate 2');
    expect(input('Shipping address').value).toBe('12 Johari Bazaar, Gate 2');
  });

  it('fills city, state and India from the billing pincode', async () => {
    const { user } = setup({
      'GET pincode/302001': { body: { Status: 'Success', PostOffice: [{ District: 'Jaipur', State: 'Rajasthan', Country: 'India', Pincode: '302001' }] } },
    });
    await user.type(input('Billing pincode'), '302001');
    await waitFor(() => expect(input('Billing city').value).toBe('Jaipur'), { timeout: 3000 });
    expect(input('Billing state').value).toBe('Rajasthan');
    expect(input('Billing country').value).toBe('India');
  });

  it('checks a missing GSTIN before the shipping address, and hints a GSTIN from another state', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(note(input('GSTIN'))).toBe(MSG.gstInvalid);
    expect(toasts.error).toHaveBeenLastCalledWith(MSG.gstInvalid);
    await user.type(input('Billing state'), 'Maharashtra');
    // 08 is Rajasthan; the check character of this GSTIN is right.
    await user.type(input('GSTIN'), '08ABCDE1234F1Z0');
    expect(screen.getByText(/state code 08, but Maharashtra is 27/)).toBeTruthy();
  });

  it('in edit mode fills the details given before and asks for the masked account number again', async () => {
    const application = {
      _id: 'a1', status: 'approved', registrationCompletionStep: 2, detailsSubmitted: true, isGSTRegistered: 'No', gstNumber: null, billing: null,
      shipping: { address: '12 Johari Bazaar', city: 'Jaipur', pincode: '302001', state: 'Rajasthan', country: 'India' },
      bank: { holderName: 'Meera Joshi', accountNumber: 'XXXXXXX8901', ifsc: 'SBIN0001234', branchName: 'Johari Bazaar' },
    };
    const { user, view } = setup(
      { 'GET vendor/registration': { data: application }, 'POST vendor/completeVendorRegistration': { status: 201, body: { success: true, message: MSG.sellerDetailsSubmitted, data: {} } } },
      '/auth/vendor-registration-second?edit=1',
    );
    await waitFor(() => expect(input('Shipping address').value).toBe('12 Johari Bazaar'));
    expect(input('IFSC code').value).toBe('SBIN0001234');
    expect(input('Account number').value).toBe('');
    expect(note(input('Account number'))).toContain('XXXXXXX8901');
    await user.clear(input('First name'));
    await user.type(input('Account number'), '12345678901');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(note(input('First name'))).toBe(MSG.sellerFirstNameRequired);
    await user.type(input('First name'), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.location.current).toBe('/profile'));
    const form = calls.find((c) => c.path === 'vendor/completeVendorRegistration')!.body as FormData;
    expect(form.get('isEditProfile')).toBe('true');
    expect(form.get('shippingCity')).toBe('Jaipur');
  });

  it('sends the form as multipart with the weight slabs as 0 and goes to the account hub', async () => {
    const { user, view } = setup({ 'POST vendor/completeVendorRegistration': { status: 201, body: { success: true, message: MSG.sellerDetailsSubmitted, data: {} } } });
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.type(input('Shipping address'), '12 Johari Bazaar');
    // The pincode first: a changed pincode clears the city and state it had filled.
    await user.type(input('Shipping pincode'), '30200');
    await user.type(input('Shipping city'), 'Jaipur');
    await user.type(input('Shipping state'), 'Rajasthan');
    await user.type(input('Shipping country'), 'India');
    await user.type(input('Account holder name'), 'Meera Joshi');
    await user.type(input('Account number'), '12345678901');
    await user.type(input('IFSC code'), 'sbin0001234');
    await user.type(input('Branch name'), 'Johari Bazaar');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(note(input('Shipping pincode'))).toBe(MSG.invalidPincode);
    expect(toasts.error).toHaveBeenLastCalledWith(MSG.invalidPincode);
    await user.type(input('Shipping pincode'), '1');
    await user.type(input('Shipping city'), 'Jaipur');
    await user.type(input('Shipping state'), 'Rajasthan');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.location.current).toBe('/profile'));
    expect(toasts.success).toHaveBeenCalledWith(MSG.sellerDetailsSubmitted);
    const form = calls.find((c) => c.path === 'vendor/completeVendorRegistration')!.body as FormData;
    expect(form.get('bankIFSCCode')).toBe('SBIN0001234');
    expect(form.get('isGSTRegistered')).toBe('No');
    expect(form.get('isEditProfile')).toBe('false');
    expect(form.get('under_1kg')).toBe('0');
    expect(form.get('above_10kg')).toBe('0');
  });
});

describe('Become a Seller in the account hub', () => {
  function hub(role: 'user' | 'vendor', record: unknown[], profile: Partial<typeof PROFILE> = {}) {
    signInForTest(role);
    server({ 'GET user': { data: { ...PROFILE, role, ...profile } }, 'GET user/checkSeller': { data: record } });
    const user = userEvent.setup();
    const view = renderAt(<ProfilePage />, { url: '/profile' });
    return { user, view };
  }
  const tile = () => screen.findByRole('button', { name: /Become a Seller/ });

  it('without an e-mail alerts and goes to the profile editor', async () => {
    const { user, view } = hub('user', [], { email: '' });
    await user.click(await tile());
    await waitFor(() => expect(view.location.current).toBe('/edit-profile-user'));
    expect(toasts.error).toHaveBeenCalledWith(MSG.sellerEmailFirst, { description: MSG.sellerEmailNeeded });
  });

  it('with no seller record goes to the registration form', async () => {
    const { user, view } = hub('user', []);
    await user.click(await tile());
    await waitFor(() => expect(view.location.current).toBe('/auth/vendor-registration'));
  });

  it('under review is greyed with Waiting for approval and only alerts', async () => {
    const { user, view } = hub('user', [{ registrationCompletionStep: 1, application: { status: 'pending', detailsSubmitted: true, decisionNote: null, decidedAt: null } }]);
    expect(await screen.findByText(MSG.sellerWaiting)).toBeTruthy();
    await user.click(await tile());
    expect(toasts.info).toHaveBeenCalledWith(MSG.sellerUnderReview);
    expect(view.location.current).toBe('/profile');
  });

  it('with step two missing links to finish it', async () => {
    hub('user', [{ registrationCompletionStep: 1, application: { status: 'pending', detailsSubmitted: false, decisionNote: null, decidedAt: null } }]);
    expect((await screen.findByRole('link', { name: 'Finish your seller details' })).getAttribute('href')).toBe('/auth/vendor-registration-second');
  });

  it("when rejected shows the admin's reason and Apply again", async () => {
    hub('user', [{ registrationCompletionStep: 1, application: { status: 'rejected', detailsSubmitted: true, decisionNote: 'PAN does not match the GSTIN', decidedAt: '2026-11-20T10:00:00Z' } }]);
    expect(await screen.findByText('Reason: PAN does not match the GSTIN')).toBeTruthy();
    expect((screen.getByRole('link', { name: 'Apply again' })).getAttribute('href')).toBe('/auth/vendor-registration');
  });

  it('a vendor sees Profile instead, leading to the profile editor once approved', async () => {
    const { user, view } = hub('vendor', [{ registrationCompletionStep: 2, application: { status: 'approved', detailsSubmitted: true, decisionNote: null, decidedAt: null } }]);
    const profileTile = await screen.findByRole('button', { name: /^Profile/ });
    expect(screen.queryByRole('button', { name: /Become a Seller/ })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === 'user/checkSeller')).toBe(true));
    await user.click(profileTile);
    await waitFor(() => expect(view.location.current).toBe('/edit-profile'));
  });
});

describe('BECOME A SELLER in the mobile menu', () => {
  it('shows Waiting for approval under it while the application is under review', async () => {
    signInForTest('user');
    server({ 'GET user/checkSeller': { data: [{ registrationCompletionStep: 1, application: { status: 'pending', detailsSubmitted: true, decisionNote: null, decidedAt: null } }] } });
    renderAt(<MobileMenu onClose={() => {}} />);
    const item = await screen.findByRole('link', { name: /Become a Seller/i });
    await waitFor(() => expect(item.textContent).toContain(MSG.sellerWaiting));
  });

  it('is not there for a vendor', async () => {
    signInForTest('vendor');
    server({});
    renderAt(<MobileMenu onClose={() => {}} />);
    await screen.findByRole('link', { name: /Styles/i });
    expect(screen.queryByRole('link', { name: /Become a Seller/i })).toBeNull();
  });
});
