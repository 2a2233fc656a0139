import { MSG } from '@statewise/contract/messages';
import type { VendorProduct } from '@statewise/contract/schemas/vendor-products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInForTest } from '../../../test/render.tsx';
import { VendorProductsPage } from './VendorProductsPage.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
vi.setConfig({ testTimeout: 30_000 });

const KURTA: VendorProduct = {
  _id: '0b6f9f0e-1c1a-4d7e-9a51-000000000001',
  slug: 'dabu-kurta',
  name: 'Dabu Kurta',
  images: [],
  price: 2000,
  offeredPrice: 1500,
  discount: 25,
  isFreeSize: false,
  isColorOptions: false,
  inStock: true,
  categoryId: { _id: 'c', name: 'Clothing', slug: 'clothing' },
  subcategoryId: { _id: 's', subcategoryName: 'Kurtas', slug: 'kurtas' },
  styleId: null,
  stateId: null,
  vendorId: 'v1',
  isTrending: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  rating: 0,
  reviewsCount: 0,
  description: '<p>Soft</p>',
  freeSizeQty: 0,
  sizeInventory: [
    { size: 'm', quantity: 2 },
    { size: 'l', quantity: 1 },
  ],
  colorInventory: [],
  metaDescription: '',
  metaKeyword: [],
  salesCount: 0,
  isActive: true,
  totalStock: 3,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];

function server(product: VendorProduct) {
  calls = [];
  let current = product;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^\/api\//, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const ok = (data: unknown, message?: string) => new Response(JSON.stringify({ success: true, message, data }), { headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && url.startsWith('vendor/my-products?')) return ok({ products: [current], total: 1 });
      if (url === 'category/list') return ok([{ _id: 'c-sarees', name: 'Sarees', slug: 'sarees', image: '', subcategory: [] }]);
      if (method === 'PATCH' && url.endsWith('/stock')) {
        const sizes = (body!.sizes as { size: 'm'; quantity: number }[]) ?? [];
        current = { ...current, sizeInventory: sizes, totalStock: sizes.reduce((n, s) => n + s.quantity, 0), updatedAt: 'later' };
        return ok(current, MSG.vpStockUpdated);
      }
      if (method === 'POST' && url.endsWith('/unpublish')) {
        current = { ...current, isActive: false, updatedAt: 'later2' };
        return ok(current, MSG.vpUnpublished);
      }
      if (method === 'DELETE') return ok({ _id: current._id }, MSG.vpDeleted);
      return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('vendor products list', () => {
  it('edits stock in place and shows the new total', async () => {
    signInForTest('vendor');
    server(KURTA);
    const user = userEvent.setup();
    renderAt(<VendorProductsPage />, { url: '/vendor/products' });
    const row = await screen.findByRole('listitem', { name: 'Dabu Kurta' });
    expect(within(row).getByText('Low: 3 left')).toBeTruthy();
    const m = within(row).getByLabelText('Stock of Dabu Kurta: M') as HTMLInputElement;
    expect(m.value).toBe('2');
    await user.clear(m);
    await user.type(m, '9');
    await user.type(within(row).getByLabelText('Stock of Dabu Kurta: XL'), '4');
    await user.click(within(row).getByRole('button', { name: 'Save stock' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.vpStockUpdated));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`vendor/my-products/${KURTA._id}/stock`);
    expect(patch.body).toEqual({ sizes: [{ size: 'm', quantity: 9 }, { size: 'l', quantity: 1 }, { size: 'xl', quantity: 4 }] });
    expect(await within(row).findByText('14 in stock')).toBeTruthy();
  });

  it('unpublishes, and deletes only after confirmation', async () => {
    signInForTest('vendor');
    server(KURTA);
    const user = userEvent.setup();
    renderAt(<VendorProductsPage />, { url: '/vendor/products' });
    const row = await screen.findByRole('listitem', { name: 'Dabu Kurta' });
    await user.click(within(row).getByRole('button', { name: 'Unpublish' }));
    expect(await within(row).findByText('Unpublished')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Publish' })).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.vpDeleted));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`vendor/my-products/${KURTA._id}`);
  });

  it('filters by category, back to the first page', async () => {
    signInForTest('vendor');
    server(KURTA);
    const user = userEvent.setup();
    renderAt(<VendorProductsPage />, { url: '/vendor/products' });
    await screen.findByRole('listitem', { name: 'Dabu Kurta' });
    await user.selectOptions(await screen.findByLabelText('Category'), await screen.findByRole('option', { name: 'Sarees' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('categoryId=c-sarees') && c.url.includes('page=1'))).toBe(true));
  });
});
