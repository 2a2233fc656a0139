import { MSG } from '@statewise/contract/messages';
import type { WishlistItem } from '@statewise/contract/schemas/cart';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wishlistProduct } from '../../test/fixtures.ts';
import { apiCalls, mockApi, renderAt, signInForTest } from '../../test/render.tsx';
import WishlistPage from './WishlistPage.tsx';

const toasts = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
// Typing through user-event is slow on a busy 2-core machine; the default 5 s is too tight here.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('sonner', () => ({ toast: toasts }));

const base = { images: ['/p.webp'], price: 30999, offeredPrice: 29449, discount: 5 };

const sherwani: WishlistItem = {
  _id: 'w1',
  color: null,
  image: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  productId: wishlistProduct({
    ...base,
    _id: '11111111-1111-4111-8111-111111111111',
    slug: 'rani-pink-sherwani',
    name: 'Rani Pink Banarasi Brocade Achkan Sherwani',
    isFreeSize: false,
    isColorOptions: false,
    sizeInventory: [
      { size: 's', quantity: 8 },
      { size: 'm', quantity: 9 },
      { size: 'xl', quantity: 0 },
    ],
  }),
};
const mekhela: WishlistItem = {
  _id: 'w2',
  color: 'Mustard',
  image: '/mustard.webp',
  createdAt: '2025-01-01T00:00:00.000Z',
  productId: wishlistProduct({
    ...base,
    _id: '22222222-2222-4222-8222-222222222222',
    slug: 'muga-mekhela',
    name: 'Muga Silk Mekhela Chador',
    isFreeSize: false,
    isColorOptions: true,
    colorInventory: [
      { _id: 'c1', color: 'Ivory', quantity: 4, images: [] },
      { _id: 'c2', color: 'Mustard', quantity: 0, images: [] },
    ],
  }),
};

const summary = { cartProducts: [], shippingCharges: 0, subTotal: 29449, grandTotal: 29449, savings: 1550, cartId: 'c', quantity: 1 };

let list: WishlistItem[] = [];
let fetchMock: ReturnType<typeof mockApi>;
beforeEach(() => {
  signInForTest();
  list = [sherwani, mekhela];
  fetchMock = mockApi({
    'user/wishlist': (body: unknown) => {
      const id = (body as { productId?: string } | undefined)?.productId;
      if (id) list = list.filter((i) => i.productId._id !== id);
      return { wishlist: list };
    },
    'cart/add': summary,
    'cart/count': { count: 1, quantity: 1 },
    cart: summary,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const sent = (path: string) =>
  apiCalls(fetchMock)
    .filter((c) => c.path === path && c.method !== 'GET')
    .map((c) => c.body);

describe('wishlist page', () => {
  it('cuts names at 20 characters and disables sold-out sizes', async () => {
    renderAt(<WishlistPage />);
    const card = await screen.findByRole('article', { name: sherwani.productId.name });
    expect(within(card).getByText('Rani Pink Banarasi B...')).toBeTruthy();
    const xl = within(card).getByRole('option', { name: 'XL (out of stock)' }) as HTMLOptionElement;
    expect(xl.disabled).toBe(true);
    expect((within(card).getByRole('option', { name: 'M' }) as HTMLOptionElement).disabled).toBe(false);
  });

  it('asks for a size first, then adds that size to the cart and takes the item off the wishlist', async () => {
    const user = userEvent.setup();
    renderAt(<WishlistPage />);
    const card = await screen.findByRole('article', { name: sherwani.productId.name });
    await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
    expect(within(card).getByRole('alert').textContent).toBe(MSG.selectSize);
    expect(sent('cart/add')).toEqual([]);

    await user.selectOptions(within(card).getByRole('combobox'), 'm');
    expect(within(card).queryByRole('alert')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: sherwani.productId.name })).toBeNull());
    expect(sent('cart/add')).toEqual([
      { productId: sherwani.productId._id, quantity: 1, size: 'm', image: '/p.webp', isFreeSize: 'false', isColorOptions: 'false' },
    ]);
    expect(sent('user/wishlist')).toEqual([{ productId: sherwani.productId._id }]);
    expect(toasts.success).toHaveBeenCalledWith(MSG.addedToCart);
  });

  it('uses the saved colour of a colour product and shows it sold out when that colour has none', async () => {
    renderAt(<WishlistPage />);
    const card = await screen.findByRole('article', { name: mekhela.productId.name });
    expect(within(card).getByText('Colour: Mustard')).toBeTruthy();
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect((within(card).getByRole('button', { name: 'Out of stock' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes an item with its remove button', async () => {
    const user = userEvent.setup();
    renderAt(<WishlistPage />);
    await user.click(await screen.findByRole('button', { name: `Remove ${mekhela.productId.name} from wishlist` }));
    await waitFor(() => expect(screen.queryByRole('article', { name: mekhela.productId.name })).toBeNull());
    expect(sent('user/wishlist')).toEqual([{ productId: mekhela.productId._id }]);
  });

  it("says 'No Wishlist Found' when there is nothing on it", async () => {
    list = [];
    renderAt(<WishlistPage />);
    expect(await screen.findByText(MSG.noWishlist)).toBeTruthy();
  });
});
