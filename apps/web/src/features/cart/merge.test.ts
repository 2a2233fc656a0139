import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AfterLoginContext } from '../auth/after-login.ts';
import { cartKeys } from './api.ts';
import { guestCart, lineFromProduct, readGuestCart } from './guest-cart.ts';
import { afterLoginMerge, bulkAddBody, describeShortfalls } from './merge.ts';

vi.mock('sonner', () => ({ toast: { warning: vi.fn(), error: vi.fn(), success: vi.fn() } }));

const kurta = lineFromProduct(
  {
    _id: 'p1',
    slug: 'kurta',
    name: 'Chanderi Kurta',
    images: ['/k.webp'],
    price: 2000,
    offeredPrice: 1500,
    isFreeSize: false,
    freeSizeQty: 0,
    isColorOptions: false,
    sizeInventory: [{ size: 'm', quantity: 20 }],
    colorInventory: [],
  },
  { size: 'm', quantity: 3 },
);

const summary = { cartProducts: [], shippingCharges: 0, subTotal: 4500, grandTotal: 4500, savings: 1500 };
const ctx = (over: Partial<AfterLoginContext> = {}): AfterLoginContext => ({ userId: 'u1', role: 'user', source: 'dialog', request: null, pathname: '/', ...over });

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the guest cart merge at login', () => {
  it('sends every line as §7 lists it, with the kind flags as strings', () => {
    expect(bulkAddBody([kurta])).toEqual({
      products: [{ productId: 'p1', quantity: 3, size: 'm', color: '', image: '/k.webp', isFreeSize: 'false', isColorOptions: 'false' }],
    });
  });

  it('bulk-adds, empties the guest cart, loads the merged cart and sends a guest cart page to /cart', async () => {
    guestCart.add(kurta);
    const fetchMock = answer(200, { success: true, data: { ...summary, results: [{ index: 0, productId: 'p1', size: 'm', color: null, status: 'added', requested: 3, quantity: 3, message: null }] } });
    const queryClient = new QueryClient();
    expect(await afterLoginMerge(queryClient, ctx({ pathname: '/guestCheckoutCart' }))).toBe('/cart');
    expect(fetchMock).toHaveBeenCalledWith('/api/cart/bulkAdd', expect.objectContaining({ method: 'POST' }));
    expect(readGuestCart()).toEqual([]);
    expect(queryClient.getQueryData(cartKeys.summary('u1'))).toEqual(summary);
  });

  it('stays on the page after a dialog login elsewhere, and goes to /cart after the login page', async () => {
    guestCart.add(kurta);
    answer(200, { success: true, data: { ...summary, results: [] } });
    expect(await afterLoginMerge(new QueryClient(), ctx({ pathname: '/product/kurta' }))).toBeUndefined();
    guestCart.add(kurta);
    expect(await afterLoginMerge(new QueryClient(), ctx({ source: 'page', pathname: '/auth/login' }))).toBe('/cart');
  });

  it('does nothing without guest lines, and nothing for an admin', async () => {
    const fetchMock = answer(200, { success: true, data: { ...summary, results: [] } });
    expect(await afterLoginMerge(new QueryClient(), ctx({ source: 'page' }))).toBeUndefined();
    guestCart.add(kurta);
    expect(await afterLoginMerge(new QueryClient(), ctx({ role: 'admin', pathname: '/guestCheckoutCart' }))).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readGuestCart()).toHaveLength(1);
  });

  it('keeps the guest cart when the merge fails, for the next login', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    guestCart.add(kurta);
    answer(500, { success: false, message: 'Something went wrong' });
    expect(await afterLoginMerge(new QueryClient(), ctx({ pathname: '/guestCheckoutCart' }))).toBeUndefined();
    expect(readGuestCart()).toHaveLength(1);
    error.mockRestore();
  });

  it('names the lines the server limited or skipped', () => {
    const lines = [kurta, { ...kurta, uniqueId: 'x', name: 'Kota Saree', size: null, isFreeSize: true }];
    expect(
      describeShortfalls(lines, [
        { index: 0, productId: 'p1', size: 'm', color: null, status: 'capped', requested: 3, quantity: 2, message: 'Only 2 left in stock' },
        { index: 1, productId: 'p2', size: null, color: null, status: 'skipped', requested: 1, quantity: 0, message: 'Product is out of stock now' },
      ]),
    ).toEqual(['Chanderi Kurta (M): only 2 in your cart — Only 2 left in stock', 'Kota Saree: not added — Product is out of stock now']);
  });
});
