import { MSG } from '@statewise/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import type { Address } from './api.ts';
import { AddressForm, LOCATION_MSG } from './AddressForm.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
// Typing through user-event is slow on a busy 2-core machine; the default 5 s is too tight here.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('sonner', () => ({ toast: toasts }));

const JAIPUR = { Status: 'Success', Message: 'Number of pincode(s) found:1', PostOffice: [{ District: 'Jaipur', State: 'Rajasthan', Country: 'India', Pincode: '302001' }] };
const NOWHERE = { Status: 'Error', Message: 'No records found', PostOffice: null };

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];

/**
 * fetch answering like the server: the pincode calls in India Post's shape (not our envelope), the address calls
 * in the envelope. `overrides` replaces an answer: `'POST address' → [status, body]`.
 */
function mockServer(overrides: Record<string, [number, unknown]> = {}) {
  calls = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path: path + url.search, body });
    const key = `${method} ${path}`;
    const reply = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (overrides[key]) return reply(...overrides[key]);
    if (path === 'pincode/nearest') return reply(200, JAIPUR);
    if (path === 'pincode/302001') return reply(200, JAIPUR);
    if (path.startsWith('pincode/')) return reply(200, NOWHERE);
    if (key === 'POST address' || key.startsWith('PATCH address/')) {
      const saved = { _id: 'a1', country: 'India', createdAt: '', updatedAt: '', landmark: '', shippingNote: '', ...(body as object), pincode: 302001 };
      return reply(method === 'POST' ? 201 : 200, { success: true, data: saved });
    }
    return reply(404, { success: false, message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
}

const lookups = () => calls.filter((c) => c.path.startsWith('pincode/'));
const writes = () => calls.filter((c) => c.path.startsWith('address'));

function setup(props: Partial<Parameters<typeof AddressForm>[0]> = {}) {
  localStorage.setItem('accessToken', 'token');
  localStorage.setItem('userID', 'u1');
  localStorage.setItem('role', 'user');
  const onSaved = vi.fn();
  const user = userEvent.setup();
  renderAt(<AddressForm onSaved={onSaved} {...props} />);
  const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
  return { user, onSaved, field };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, field: (n: string) => HTMLInputElement) {
  await user.type(field('First name'), 'Asha');
  await user.type(field('Last name'), 'Verma');
  await user.type(field('Mobile number'), '9876543210');
  await user.type(field('Street address'), '12 MI Road');
}

beforeEach(() => mockServer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('address form validation', () => {
  it('shows every required message at its field, in the drawer order, focuses the first and sends nothing', async () => {
    const { user, field } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual([
      MSG.firstNameIsRequired,
      MSG.lastNameIsRequired,
      MSG.mobileIsRequired,
      MSG.streetIsRequired,
      MSG.pincodeIsRequired,
      MSG.cityIsRequired,
      MSG.stateIsRequired,
    ]);
    expect(document.activeElement).toBe(field('First name'));
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);
  });

  it('refuses a short mobile, a short pincode and a malformed e-mail with their messages', async () => {
    const { user, field } = setup();
    await user.type(field('First name'), 'Asha');
    await user.type(field('Last name'), 'Verma');
    await user.type(field('Mobile number'), '98765');
    await user.type(field('E-mail (optional)'), 'asha@');
    await user.type(field('Street address'), '12 MI Road');
    await user.type(field('Pincode'), '3020');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual([MSG.mobileTenDigits, MSG.addressEmailInvalid, MSG.pincodeSixDigits, MSG.cityIsRequired, MSG.stateIsRequired]);
    // the first in the schema's order: mobile
    expect(document.activeElement).toBe(field('Mobile number'));
    expect(writes()).toEqual([]);
  });

  it('keeps only digits in the mobile (10) and pincode (6) fields', async () => {
    const { user, field } = setup();
    await user.type(field('Mobile number'), '98a76-54 3210999');
    await user.type(field('Pincode'), '30x20 01999');
    expect(field('Mobile number').value).toBe('9876543210');
    expect(field('Pincode').value).toBe('302001');
  });

  it('clears a field’s message when it is changed', async () => {
    const { user, field } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getByText(MSG.firstNameIsRequired)).toBeTruthy();
    await user.type(field('First name'), 'A');
    expect(screen.queryByText(MSG.firstNameIsRequired)).toBeNull();
  });
});

describe('pincode autofill', () => {
  it('looks the pincode up 500 ms after it is typed, fills city and state read-only and says Pincode feched', async () => {
    const { user, field } = setup();
    await user.type(field('Pincode'), '302001');
    // debounced: nothing asked yet
    expect(lookups()).toEqual([]);
    await waitFor(() => expect(field('City').value).toBe('Jaipur'), { timeout: 2000 });
    expect(field('State').value).toBe('Rajasthan');
    expect(field('City').readOnly).toBe(true);
    expect(field('State').readOnly).toBe(true);
    expect(lookups().map((c) => c.path)).toEqual(['pincode/302001']);
    expect(toasts.success).toHaveBeenCalledWith(MSG.pincodeFetched);
  });

  it('does not look up a pincode shorter than 6 digits', async () => {
    const { user, field } = setup();
    await user.type(field('Pincode'), '30200');
    await new Promise((r) => setTimeout(r, 700));
    expect(lookups()).toEqual([]);
  });

  it('clears city and state and says No places found for this pincode when the lookup finds nothing', async () => {
    const { user, field } = setup();
    await user.type(field('Pincode'), '302001');
    await waitFor(() => expect(field('City').value).toBe('Jaipur'), { timeout: 2000 });
    await user.clear(field('Pincode'));
    // a changed pincode drops the old place at once
    expect(field('City').value).toBe('');
    await user.type(field('Pincode'), '999999');
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.pincodeNotFound), { timeout: 2000 });
    expect(field('City').value).toBe('');
    expect(field('State').value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(MSG.pincodeNotFound);
  });

  it('blocks saving an unknown pincode with its message instead of asking for a city', async () => {
    const { user, field } = setup();
    await fillValid(user, field);
    await user.type(field('Pincode'), '999999');
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.pincodeNotFound), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([MSG.pincodeNotFound]);
    expect(writes()).toEqual([]);
  });
});

describe('saving', () => {
  it('adds a valid address with POST address, saying Address Added Successfully', async () => {
    const { user, field, onSaved } = setup();
    await fillValid(user, field);
    await user.type(field('Landmark (optional)'), 'Near GPO');
    await user.type(field('Pincode'), '302001');
    await waitFor(() => expect(field('City').value).toBe('Jaipur'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [post] = writes();
    expect(post).toMatchObject({ method: 'POST', path: 'address' });
    expect(post!.body).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      mobile: '9876543210',
      streetAddress: '12 MI Road',
      pincode: '302001',
      city: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      landmark: 'Near GPO',
      shippingNote: '',
    });
    expect(toasts.success).toHaveBeenCalledWith(MSG.addressAdded);
    expect(onSaved.mock.calls[0]![1]).toBe('added');
  });

  it('looks a just-typed pincode up at once when Save is pressed inside the debounce', async () => {
    const { user, field, onSaved } = setup();
    await fillValid(user, field);
    await user.type(field('Pincode'), '302001');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(lookups()).toHaveLength(1);
    expect(writes()[0]!.body).toMatchObject({ city: 'Jaipur', state: 'Rajasthan' });
  });

  it('updates an address with PATCH address/{id}, removing an emptied e-mail, saying Address Updated Successfully', async () => {
    const address: Address = {
      _id: 'addr-9',
      firstName: 'Asha',
      lastName: 'Verma',
      mobile: '9876543210',
      email: 'asha@example.com',
      streetAddress: '12 MI Road',
      landmark: '',
      shippingNote: '',
      pincode: 302001,
      city: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      createdAt: '',
      updatedAt: '',
    };
    const { user, field, onSaved } = setup({ address });
    expect(field('City').value).toBe('Jaipur');
    await user.clear(field('E-mail (optional)'));
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // the saved pincode is not looked up again
    expect(lookups()).toEqual([]);
    expect(writes()[0]).toMatchObject({ method: 'PATCH', path: 'address/addr-9', body: { email: '', city: 'Jaipur' } });
    expect(toasts.success).toHaveBeenCalledWith(MSG.addressUpdated);
  });

  it('shows the server’s field messages at their fields', async () => {
    mockServer({ 'POST address': [400, { success: false, message: MSG.cityMismatch, errors: { city: MSG.cityMismatch } }] });
    const { user, field, onSaved } = setup();
    await fillValid(user, field);
    await user.type(field('Pincode'), '302001');
    await waitFor(() => expect(field('City').value).toBe('Jaipur'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.cityMismatch));
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('use my current location', () => {
  function stubGeolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: vi.fn(impl) } });
  }
  afterEach(() => {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
  });

  it('fills pincode, city and state from the nearest pincode to the browser’s position', async () => {
    stubGeolocation((ok) => ok({ coords: { latitude: 26.9124, longitude: 75.7873 } } as GeolocationPosition));
    const { user, field } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    await waitFor(() => expect(field('Pincode').value).toBe('302001'));
    expect(field('City').value).toBe('Jaipur');
    expect(field('State').value).toBe('Rajasthan');
    expect(calls.map((c) => c.path)).toEqual(['pincode/nearest?latitude=26.9124&longitude=75.7873']);
  });

  it('says how to go on when location permission is denied', async () => {
    stubGeolocation((_ok, fail) => fail({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError));
    const { user, field } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText(LOCATION_MSG.denied)).toBeTruthy();
    expect(field('Pincode').value).toBe('');
    expect(calls).toEqual([]);
  });

  it('says so when the position is outside India', async () => {
    mockServer({ 'GET pincode/nearest': [200, NOWHERE] });
    stubGeolocation((ok) => ok({ coords: { latitude: 51.5, longitude: -0.12 } } as GeolocationPosition));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText(LOCATION_MSG.notInIndia)).toBeTruthy();
  });
});
