import { MSG } from '@statewise/contract/messages';
import type { WishlistItem } from '@statewise/contract/schemas/cart';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { wishlistProduct } from '../../test/fixtures.ts';
import { renderHookWithQuery, signInForTest, testQueryClient } from '../../test/render.tsx';
import { closeLogin, useLoginRequest } from '../auth/login-prompt.ts';
import { useToggleWishlist, useWishlist } from './api.ts';
import { readGuestWishlist } from './guest-wishlist.ts';
import { mergeGuestWishlist } from './merge.ts';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast.ts', () => ({ toast: toasts }));

const SIZED = { _id: '11111111-1111-4111-8111-111111111111', isColorOptions: false };
const COLOUR = { _id: '22222222-2222-4222-8222-222222222222', isColorOptions: true };

function item(productId: string, color: string | null = null): WishlistItem {
  return {
    _id: `w-${productId}`,
    color,
    image: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    productId: wishlistProduct({ _id: productId, slug: 'p', name: 'Product', isColorOptions: color !== null }),
  };
}

type Call = { method: string; path: string; body: unknown };

/** A server wishlist in memory behind a fetch stub: GET, POST (add), PATCH (remove), POST bulkAdd. */
function serverWishlist(initial: WishlistItem[] = [], fail: Partial<Record<string, [number, string]>> = {}) {
  let list = [...initial];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, path, body });
      const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
      const f = fail[`${method} ${path}`];
      if (f) return json(f[0], { success: false, message: f[1] });
      if (method === 'POST' && path === 'user/wishlist') {
        list = [item(String(body!.productId), (body!.color as string) ?? null), ...list.filter((i) => i.productId._id !== body!.productId)];
        return json(201, { success: true, message: MSG.wishlistAdded, data: { wishlist: list } });
      }
      if (method === 'PATCH' && path === 'user/wishlist') {
        list = list.filter((i) => i.productId._id !== body!.productId);
        return json(200, { success: true, message: MSG.wishlistRemoved, data: { wishlist: list } });
      }
      if (method === 'POST' && path === 'user/wishlist/bulkAdd') {
        const items = body!.items as Array<{ productId: string; color?: string }>;
        list = [...items.map((i) => item(i.productId, i.color ?? null)), ...list];
        return json(200, { success: true, data: { wishlist: list, results: [] } });
      }
      if (path === 'user/wishlist') return json(200, { success: true, data: { wishlist: list } });
      return json(404, { success: false, message: 'Not found' });
    }),
  );
  return { calls };
}

const useBoth = () => ({ wishlist: useWishlist(), actions: useToggleWishlist(), login: useLoginRequest() });

afterEach(() => {
  act(() => closeLogin());
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('useToggleWishlist for a guest', () => {
  it('keeps the product in guestWishlist, fills the heart and opens the login prompt', async () => {
    const { calls } = serverWishlist();
    const { result } = renderHookWithQuery(useBoth);
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.actions.toggle({ product: SIZED });
    });
    expect(outcome).toBe('added');
    expect(result.current.wishlist.has(SIZED._id)).toBe(true);
    expect(result.current.wishlist.count).toBe(1);
    expect(result.current.login).not.toBeNull();
    expect(readGuestWishlist()).toEqual([{ productId: SIZED._id, isColorOptions: false, color: null, image: null }]);
    expect(calls).toEqual([]);

    await act(async () => {
      outcome = await result.current.actions.toggle({ product: SIZED });
    });
    expect(outcome).toBe('removed');
    expect(result.current.wishlist.has(SIZED._id)).toBe(false);
  });

  it('refuses a colour product without a colour with Please select color', async () => {
    serverWishlist();
    const { result } = renderHookWithQuery(useBoth);
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.actions.toggle({ product: COLOUR });
    });
    expect(outcome).toBe('refused');
    expect(toasts.error).toHaveBeenCalledWith(MSG.selectColor);
    expect(readGuestWishlist()).toEqual([]);
  });
});

describe('useToggleWishlist signed in', () => {
  it('adds with isColorOptions as a string plus the colour and image, then removes by product id', async () => {
    signInForTest();
    const { calls } = serverWishlist();
    const { result } = renderHookWithQuery(useBoth);
    await waitFor(() => expect(result.current.wishlist.isLoading).toBe(false));

    await act(async () => {
      await result.current.actions.toggle({ product: COLOUR, color: 'Mustard', image: '/m.webp' });
    });
    expect(calls.at(-1)).toEqual({ method: 'POST', path: 'user/wishlist', body: { productId: COLOUR._id, isColorOptions: 'true', color: 'Mustard', image: '/m.webp' } });
    // (the query's observers hear of the new list on the next tick)
    await waitFor(() => expect(result.current.wishlist.has(COLOUR._id)).toBe(true));
    expect(result.current.wishlist.items[0]!.color).toBe('Mustard');
    expect(toasts.success).toHaveBeenCalledWith(MSG.wishlistAdded);

    await act(async () => {
      await result.current.actions.toggle({ product: COLOUR, color: 'Mustard' });
    });
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: 'user/wishlist', body: { productId: COLOUR._id } });
    await waitFor(() => expect(result.current.wishlist.has(COLOUR._id)).toBe(false));
  });

  it('sends a plain product without colour or image and never opens the login prompt', async () => {
    signInForTest();
    const { calls } = serverWishlist();
    const { result } = renderHookWithQuery(useBoth);
    await waitFor(() => expect(result.current.wishlist.isLoading).toBe(false));
    await act(async () => {
      await result.current.actions.add({ product: SIZED }, { quiet: true });
    });
    expect(calls.at(-1)!.body).toEqual({ productId: SIZED._id, isColorOptions: 'false' });
    expect(result.current.login).toBeNull();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and resolves refused', async () => {
    signInForTest();
    serverWishlist([], { 'POST user/wishlist': [409, MSG.wishlistFull] });
    const { result } = renderHookWithQuery(useBoth);
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.actions.add({ product: SIZED });
    });
    expect(outcome).toBe('refused');
    expect(toasts.error).toHaveBeenCalledWith(MSG.wishlistFull);
  });

  it('treats removing something already gone as removed', async () => {
    signInForTest();
    serverWishlist([], { 'PATCH user/wishlist': [404, MSG.notInWishlist] });
    const { result } = renderHookWithQuery(useBoth);
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.actions.remove(SIZED._id, { quiet: true });
    });
    expect(outcome).toBe('removed');
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('guest wishlist merge at login', () => {
  it('bulk-adds the guest entries, empties guestWishlist and reloads the wishlist', async () => {
    storage.setJson(KEYS.guestWishlist, [
      { productId: SIZED._id, isColorOptions: false, color: null, image: null },
      { productId: COLOUR._id, isColorOptions: true, color: 'Ivory', image: '/i.webp' },
      { productId: 42, junk: true },
    ]);
    signInForTest();
    const { calls } = serverWishlist();
    const client = testQueryClient();
    await mergeGuestWishlist(client);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: 'user/wishlist/bulkAdd',
      body: {
        items: [
          { productId: SIZED._id, isColorOptions: 'false' },
          { productId: COLOUR._id, isColorOptions: 'true', color: 'Ivory', image: '/i.webp' },
        ],
      },
    });
    expect(storage.get(KEYS.guestWishlist)).toBeNull();
  });

  it('keeps guestWishlist when the merge fails, for the next login', async () => {
    storage.setJson(KEYS.guestWishlist, [{ productId: SIZED._id, isColorOptions: false, color: null, image: null }]);
    signInForTest();
    serverWishlist([], { 'POST user/wishlist/bulkAdd': [500, 'Something went wrong'] });
    const client = testQueryClient();
    await expect(mergeGuestWishlist(client)).rejects.toThrow();
    expect(readGuestWishlist()).toHaveLength(1);
  });

  it('does nothing when the guest saved nothing', async () => {
    signInForTest();
    const { calls } = serverWishlist();
    const client = testQueryClient();
    expect(await mergeGuestWishlist(client)).toBeNull();
    expect(calls).toEqual([]);
  });
});
