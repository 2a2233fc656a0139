import { MSG } from '@statewise/contract/messages';
import { gstinCheckChar } from '@statewise/contract/seller-checks';
import type { VendorStore } from '@statewise/contract/schemas/vendor-store';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInForTest } from '../../../test/render.tsx';
import { StoreSettingsPage } from './StoreSettingsPage.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
vi.setConfig({ testTimeout: 30_000 });

const gstinOf = (code: string, pan: string) => `${code}${pan}1Z${gstinCheckChar(`${code}${pan}1Z`)}`;

const STORE: VendorStore = {
  _id: 's1',
  userId: 'u1',
  brandName: 'Rangrez',
  sellerName: 'Meera Rathore',
  vendorSlug: 'rangrez',
  bio: 'Block prints from Sanganer',
  banner: '/uploads/stores/banners/0123456789abcdef0123456789abcdef-1600w.webp',
  avatar: '',
  policy: '<p>Returns within 7 days.</p>',
  sizeChart: '/media/art/size-chart.webp',
  pickupPincode: '302001',
  pickupPlace: { city: 'Jaipur', state: 'Rajasthan' },
  gstin: gstinOf('08', 'ABCDE1234F'),
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];

function server(routes: Record<string, { status?: number; body: unknown }>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '').split('?')[0]!;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body instanceof FormData ? init.body : undefined });
      const answer = routes[`${method} ${path}`];
      if (!answer) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  signInForTest('vendor');
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => undefined }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const note = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const patches = () => calls.filter((c) => c.method === 'PATCH');

async function setup(extra: Record<string, { status?: number; body: unknown }> = {}) {
  server({ 'GET vendor/store': { body: { success: true, data: STORE } }, ...extra });
  const user = userEvent.setup();
  renderAt(<StoreSettingsPage />, { url: '/vendor/store', path: '/vendor/store' });
  await screen.findByRole('heading', { name: 'Store settings' });
  return { user };
}

describe('store settings form', () => {
  it("shows the store as it is: bio, banner preview, the pickup pincode's place and a link to the store", async () => {
    await setup();
    expect(field('Bio').value).toBe(STORE.bio);
    expect((screen.getByAltText('Banner preview') as HTMLImageElement).getAttribute('srcset')).toContain('320w');
    expect(screen.getByTestId('pickup-place').textContent).toBe('Jaipur, Rajasthan');
    expect(field('GSTIN (optional)').value).toBe(STORE.gstin);
    for (const link of screen.getAllByRole('link', { name: 'View my store' })) expect(link.getAttribute('href')).toBe('/store/rangrez');
    expect(screen.getByAltText('Size chart preview')).toBeTruthy();
  });

  it('shows each problem at its field and sends nothing', async () => {
    const { user } = await setup();
    await user.clear(field('Bio'));
    await user.type(field('Bio'), 'x'.repeat(601));
    const good = gstinOf('08', 'ABCDE1234F');
    await user.clear(field('GSTIN (optional)'));
    await user.type(field('GSTIN (optional)'), good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(note(field('Bio'))).toBe(MSG.vsBioTooLong);
    expect(note(field('GSTIN (optional)'))).toBe(MSG.vsGstinChecksum);
    expect(screen.getByText(MSG.vpFormInvalid)).toBeTruthy();
    expect(patches()).toEqual([]);
    // A GSTIN of another state than the pickup pincode's
    await user.clear(field('GSTIN (optional)'));
    await user.type(field('GSTIN (optional)'), gstinOf('27', 'ABCDE1234F'));
    expect(note(field('GSTIN (optional)'))).toContain(MSG.vsGstinState);
    // Once every field is right again the form's headline goes too.
    await user.clear(field('GSTIN (optional)'));
    await user.type(field('GSTIN (optional)'), STORE.gstin);
    await user.clear(field('Bio'));
    await user.type(field('Bio'), 'Block prints');
    expect(screen.queryByText(MSG.vpFormInvalid)).toBeNull();
  });

  it('refuses a file that is not a picture at its field', async () => {
    await setup();
    const pdf = new File(['%PDF'], 'chart.pdf', { type: 'application/pdf' });
    fireEvent.change(field('Size chart file'), { target: { files: [pdf] } });
    expect(note(field('Size chart file'))).toBe(MSG.vsImageType);
  });

  it('sends only what changed, the new banner and the removed size chart, then says it is saved', async () => {
    const saved = { ...STORE, bio: 'Three generations of block printers', sizeChart: '' };
    const { user } = await setup({ 'PATCH vendor/store': { body: { success: true, message: MSG.vsUpdated, data: saved } } });
    await user.clear(field('Bio'));
    await user.type(field('Bio'), 'Three generations of block printers');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });
    await user.upload(field('Banner file'), png);
    await user.click(screen.getByRole('button', { name: 'Remove size chart' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.vsUpdated));
    const form = patches()[0]!.body as FormData;
    expect([...form.keys()].sort()).toEqual(['banner', 'bio', 'removeSizeChart']);
    expect(form.get('bio')).toBe('Three generations of block printers');
    expect(form.get('removeSizeChart')).toBe('true');
    expect(await screen.findByText('No size chart yet')).toBeTruthy();
  });

  it("puts the server's field messages at their fields", async () => {
    const { user } = await setup({
      'PATCH vendor/store': { status: 400, body: { success: false, message: MSG.vsGstinPan, errors: { gstin: MSG.vsGstinPan } } },
    });
    await user.clear(field('GSTIN (optional)'));
    await user.type(field('GSTIN (optional)'), gstinOf('08', 'PQRST6789K'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(note(field('GSTIN (optional)'))).toBe(MSG.vsGstinPan));
    expect([...(patches()[0]!.body as FormData).keys()]).toEqual(['gstin']);
  });

  it('looks a new pickup pincode up and shows its place, or says it is unknown', async () => {
    const { user } = await setup({
      'GET pincode/560001': { body: { Status: 'Success', PostOffice: [{ District: 'Bengaluru Urban', State: 'Karnataka', Country: 'India', Pincode: '560001' }] } },
      'GET pincode/999999': { body: { Status: 'Error', PostOffice: null } },
    });
    await user.clear(field('Pickup pincode'));
    await user.type(field('Pickup pincode'), '560001');
    await waitFor(() => expect(screen.getByTestId('pickup-place').textContent).toBe('Bengaluru Urban, Karnataka'), { timeout: 3000 });
    await user.clear(field('Pickup pincode'));
    await user.type(field('Pickup pincode'), '999999');
    await waitFor(() => expect(note(field('Pickup pincode'))).toBe(MSG.vsPincodeUnknown), { timeout: 3000 });
  });
});
