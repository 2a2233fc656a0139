import { MSG } from '@statewise/contract/messages';
import type { WishlistItem } from '@statewise/contract/schemas/cart';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLogin } from '../features/auth/login-prompt.ts';
import { readGuestWishlist } from '../features/wishlist/guest-wishlist.ts';
import { productCard, wishlistProduct } from '../test/fixtures.ts';
import { apiCalls, mockApi, renderAt, signInForTest } from '../test/render.tsx';
import { ProductCard } from './ProductCard.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../lib/toast.ts', () => ({ toast: toasts }));

const ID = '11111111-1111-4111-8111-111111111111';
const kurta = productCard({ _id: ID, slug: 'indigo-kurta', name: 'Indigo Kurta', rating: 4.3, reviewsCount: 12 });

const listed = (): WishlistItem => ({
  _id: 'w1',
  color: null,
  image: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  productId: wishlistProduct({ _id: ID, slug: 'indigo-kurta', name: 'Indigo Kurta' }),
});

const heart = () => screen.getByRole('button', { name: 'Wishlist Indigo Kurta' });

afterEach(() => {
  act(() => closeLogin());
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ProductCard', () => {
  it('shows the rating with the number of reviews once reviewed, and nothing of it before', () => {
    const { unmount } = renderAt(<ProductCard product={kurta} />);
    expect(screen.getByText('Rated 4.3 out of 5 from 12 reviews')).toBeTruthy();
    expect(screen.getByText('4.3').textContent).toBe('4.3');
    expect(screen.getByText('(12)')).toBeTruthy();
    unmount();
    renderAt(<ProductCard product={{ ...kurta, rating: 0, reviewsCount: 0 }} />);
    expect(screen.queryByText(/Rated/)).toBeNull();
    expect(screen.queryByText('★')).toBeNull();
  });

  it('keeps the heart out of the link, and the discount and sold-out badges on the picture', () => {
    renderAt(<ProductCard product={{ ...kurta, price: 1000, offeredPrice: 800, discount: 20, inStock: false }} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/product/indigo-kurta');
    expect(link.contains(heart())).toBe(false);
    expect(screen.getByText('20% OFF')).toBeTruthy();
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });

  it('fills the heart for a guest: the product goes to the guest wishlist, a second tap takes it off', async () => {
    const fetchMock = mockApi({});
    renderAt(<ProductCard product={kurta} />);
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(readGuestWishlist()).toEqual([{ productId: ID, isColorOptions: false, color: null, image: null }]);
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(readGuestWishlist()).toEqual([]);
    expect(apiCalls(fetchMock).filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('adds and removes through the API when signed in', async () => {
    signInForTest();
    let list: WishlistItem[] = [];
    const fetchMock = mockApi({
      'user/wishlist': (body: unknown) => {
        if (body && typeof body === 'object' && 'isColorOptions' in body) list = [listed()];
        else if (body) list = [];
        return { wishlist: list };
      },
    });
    renderAt(<ProductCard product={kurta} />);
    await waitFor(() => expect(apiCalls(fetchMock).some((c) => c.method === 'GET')).toBe(true));
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(apiCalls(fetchMock)).toContainEqual({ method: 'POST', path: 'user/wishlist', body: { productId: ID, isColorOptions: 'false' } });
    await waitFor(() => expect(heart().hasAttribute('disabled')).toBe(false));
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(apiCalls(fetchMock)).toContainEqual({ method: 'PATCH', path: 'user/wishlist', body: { productId: ID } });
  });

  it('opens a colour product’s page to choose the colour instead of adding it without one', async () => {
    mockApi({});
    const { location } = renderAt(<ProductCard product={{ ...kurta, isColorOptions: true }} />);
    fireEvent.click(heart());
    await waitFor(() => expect(location.current).toBe('/product/indigo-kurta'));
    expect(toasts.info).toHaveBeenCalledWith(MSG.selectColor);
    expect(readGuestWishlist()).toEqual([]);
  });
});
