import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { mockApi, renderHookWithQuery, signInForTest } from '../../test/render.tsx';
import { useCartCount } from './api.ts';

/** The header badge counts pieces, as the checkout does ("3 items" is 3 pieces, issue 9). */
describe('useCartCount', () => {
  it("counts a guest's pieces: a line of 2 and a line of 1 make 3", () => {
    mockApi({});
    storage.setJson(KEYS.guestCart, [
      { _id: 'p1', name: 'Saree', price: 100, offeredPrice: 90, quantity: 2 },
      { _id: 'p2', name: 'Dupatta', price: 100, offeredPrice: 90, quantity: 1 },
    ]);
    const { result } = renderHookWithQuery(() => useCartCount());
    expect(result.current).toBe(3);
  });

  it('counts the pieces of a signed-in cart (cart/count quantity), not its lines', async () => {
    signInForTest();
    mockApi({ 'cart/count': { count: 2, quantity: 5 }, cart: { cartProducts: [], shippingCharges: 0, subTotal: 0, grandTotal: 0, savings: 0 } });
    const { result } = renderHookWithQuery(() => useCartCount());
    await waitFor(() => expect(result.current).toBe(5));
  });
});
