import { MSG } from '@statewise/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInForTest } from '../../../test/render.tsx';
import { emptyState, validate, VendorProductFormPage } from './VendorProductFormPage.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
vi.setConfig({ testTimeout: 30_000 });

const id = (n: number) => `0b6f9f0e-1c1a-4d7e-9a51-00000000000${n}`;
const CATEGORIES = [
  { _id: id(1), name: 'Clothing', slug: 'clothing', image: '', subcategory: [{ _id: id(2), subcategoryName: 'Kurtas', slug: 'kurtas', image: '', categoryId: id(1) }] },
  { _id: id(3), name: 'Home', slug: 'home', image: '', subcategory: [{ _id: id(4), subcategoryName: 'Cushions', slug: 'cushions', image: '', categoryId: id(3) }] },
];
const STYLES = [{ _id: id(5), name: 'Dabu', slug: 'dabu', image: '', description: '' }];
const STATES = [{ _id: id(6), name: 'Rajasthan', slug: 'rajasthan', image: '', video: null, slogan: '' }];

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];

/** fetch answering `METHOD path` from a table; FormData bodies are kept as they are. */
function server(routes: Record<string, { status?: number; body: unknown }>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '').split('?')[0]!;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = routes[`${method} ${path}`];
      if (!answer) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const catalogue = {
  'POST category/list': { body: { success: true, data: CATEGORIES } },
  'POST style/list': { body: { success: true, data: STYLES } },
  'POST state/list': { body: { success: true, data: STATES } },
};

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

function setup(extra: Record<string, { status?: number; body: unknown }> = {}) {
  server({ ...catalogue, ...extra });
  const user = userEvent.setup();
  const view = renderAt(<VendorProductFormPage />, { url: '/vendor/products/new', path: '/vendor/products/new' });
  return { user, view };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Indigo Dabu Kurta');
  const editor = screen.getByRole('textbox', { name: 'Description' });
  editor.innerHTML = '<p>Hand-block <strong>printed</strong></p>';
  fireEvent.input(editor);
  await screen.findByRole('option', { name: 'Clothing' });
  await user.selectOptions(field('Category'), 'Clothing');
  await user.selectOptions(field('Subcategory'), 'Kurtas');
  await screen.findByRole('option', { name: 'Rajasthan' });
  await user.selectOptions(field('State'), 'Rajasthan');
  await user.type(field('Price (₹)'), '2000');
  await user.type(field('Offered price (₹)'), '1499');
  await user.type(field('Stock of size M'), '4');
  await user.type(field('Stock of size XL'), '2');
  const png = new File([new Uint8Array([137, 80, 78, 71])], 'kurta.png', { type: 'image/png' });
  await user.upload(field('Product pictures (1 to 5; JPEG, PNG or WebP up to 5 MB)'), [png, png]);
}

describe('vendor product form', () => {
  it('shows each problem at its field when sent empty, and sends nothing', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(note(field('Name'))).toBe(MSG.vpNameRequired);
    expect(note(screen.getByRole('textbox', { name: 'Description' }))).toBe(MSG.vpDescriptionRequired);
    expect(note(field('Category'))).toBe(MSG.vpCategoryRequired);
    expect(note(field('Subcategory'))).toBe(MSG.vpSubcategoryRequired);
    expect(note(field('State'))).toBe(MSG.vpStateRequired);
    expect(note(field('Price (₹)'))).toBe(MSG.vpPriceRequired);
    expect(screen.getByText(MSG.vpSizesRequired)).toBeTruthy();
    expect(screen.getByText(MSG.vpImagesRequired)).toBeTruthy();
    expect(screen.getByText(MSG.vpFormInvalid)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('vendor/'))).toEqual([]);
    // corrected fields lose their message as they are typed
    await user.type(field('Name'), 'Indigo Dabu Kurta');
    expect(note(field('Name'))).toBe('');
    expect(note(field('Price (₹)'))).toBe(MSG.vpPriceRequired);
  });

  it('shows the discount as prices are typed and refuses an offered price above the price', async () => {
    const { user } = setup();
    await user.type(field('Price (₹)'), '2000');
    await user.type(field('Offered price (₹)'), '1499');
    expect(screen.getByTestId('discount').textContent).toBe('25% off');
    await user.clear(field('Offered price (₹)'));
    await user.type(field('Offered price (₹)'), '2500');
    expect(screen.getByTestId('discount').textContent).toBe('–');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(note(field('Offered price (₹)'))).toBe(MSG.vpOfferedAbovePrice);
  });

  it("offers only the chosen category's subcategories", async () => {
    const { user } = setup();
    expect(field('Subcategory').disabled).toBe(true);
    await screen.findByRole('option', { name: 'Clothing' });
    await user.selectOptions(field('Category'), 'Home');
    const options = within(field('Subcategory')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Select a subcategory', 'Cushions']);
  });

  it('sends a sized product as one multipart form and goes back to the list', async () => {
    const { user, view } = setup({ 'POST vendor/my-products': { status: 201, body: { success: true, message: MSG.vpCreated, data: {} } } });
    await fillValid(user);
    expect(screen.getAllByRole('img', { name: /Picture \d/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(view.location.current).toBe('/vendor/products'));
    const sent = calls.find((c) => c.path === 'vendor/my-products')!;
    expect(sent.method).toBe('POST');
    const form = sent.body as FormData;
    expect(form.get('name')).toBe('Indigo Dabu Kurta');
    expect(form.get('description')).toBe('<p>Hand-block <strong>printed</strong></p>');
    expect(form.get('subcategoryId')).toBe(id(2));
    expect(JSON.parse(String(form.get('inventory')))).toEqual({ type: 'sizes', sizes: [{ size: 'm', quantity: 4 }, { size: 'xl', quantity: 2 }] });
    expect(form.getAll('images')).toHaveLength(2);
    expect(toasts.success).toHaveBeenCalledWith(MSG.vpCreated);
  });

  it("puts the server's field messages on their fields", async () => {
    const { user } = setup({
      'POST vendor/my-products': { status: 400, body: { success: false, message: MSG.vpSubcategoryMismatch, errors: { subcategoryId: MSG.vpSubcategoryMismatch } } },
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(note(field('Subcategory'))).toBe(MSG.vpSubcategoryMismatch));
  });

  it('switches to colours, each needing its own picture', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Colours' }));
    await user.type(field('Colour 1'), 'Indigo');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByText(MSG.vpColorImagesRequired)).toBeTruthy();
  });

  it('lets an unpublished draft be saved without pictures, as the server does, but not a published product', () => {
    const colours = { ...emptyState(), inventoryType: 'colors' as const };
    expect(validate({ ...colours, draft: true })).not.toHaveProperty('images');
    expect(validate({ ...colours, draft: true })).not.toHaveProperty('colorImages[0]');
    expect(validate({ ...colours, draft: false })).toMatchObject({ images: MSG.vpImagesRequired, 'colorImages[0]': MSG.vpColorImagesRequired });
  });
});
