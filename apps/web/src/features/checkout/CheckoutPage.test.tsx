import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { postalAddress } from '../../test/fixtures.ts';
import { apiCalls, mockApi, renderAt, reply, signInForTest } from '../../test/render.tsx';
import CheckoutPage from './CheckoutPage.tsx';

const address = (id: string, street: string) => ({
  _id: id,
  ...postalAddress({ firstName: 'Meera', lastName: 'Iyer', streetAddress: street, mobile: '9812345678' }),
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

const product = {
  _id: 'p1',
  name: 'Chanderi Saree',
  slug: 'chanderi-saree',
  images: [],
  price: 1500,
  offeredPrice: 1200,
  discount: 20,
  isFreeSize: true,
  isColorOptions: false,
  freeSizeQty: 5,
  sizeInventory: [],
  colorInventory: [],
  isActive: true,
  vendorId: 'v1',
  categoryId: { _id: 'c1', name: 'Sarees', slug: 'sarees' },
};
const cart = {
  cartProducts: [{ _id: 'l1', productId: product, quantity: 1, size: null, color: null, image: '', isFreeSize: true, isColorOptions: false, availableQuantity: 5, outOfStock: false }],
  shippingCharges: 0,
  subTotal: 1200,
  grandTotal: 1200,
  savings: 300,
};

/** The API as the checkout sees it; order/create answers with `order`. Returns the calls made, as they come. */
function serve(opts: { addresses: unknown[]; balance: number; order: { status: number; body: unknown } }) {
  const fetchMock = mockApi({
    address: opts.addresses,
    cart,
    'wallet/fetchBalance': { walletBalance: opts.balance, transactions: [] },
    'order/create': reply(opts.order.status, opts.order.body),
  });
  return () => apiCalls(fetchMock);
}

describe('CheckoutPage (signed in, cart)', () => {
  beforeEach(() => signInForTest());

  it('preselects the last saved address and starts at the Order Summary', async () => {
    serve({ addresses: [address('a1', 'Old Street'), address('a2', 'New Street')], balance: 0, order: { status: 500, body: {} } });
    renderAt(<CheckoutPage mode="cart" />);
    expect(await screen.findByText(/New Street/)).toBeTruthy();
    expect(screen.queryByText(/Old Street/)).toBeNull();
    const current = document.querySelector('[aria-current="step"]')!;
    expect(current.textContent).toContain('Order Summary');
  });

  it('shows a refused order to the shopper and goes back to the Order Summary', async () => {
    const calls = serve({
      addresses: [address('a1', 'Only Street')],
      balance: 0,
      order: { status: 409, body: { success: false, message: 'Product is out of stock now' } },
    });
    renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/Only Street/);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(document.querySelector('[aria-current="step"]')!.textContent).toContain('Payment');
    const summary = screen.getByRole('complementary', { name: 'Price details' });
    fireEvent.click(within(summary).getByRole('button', { name: 'Pay ₹1,200' }));
    expect(await screen.findByText('Product is out of stock now', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[aria-current="step"]')!.textContent).toContain('Order Summary'));
    expect(calls().find((c) => c.path === 'order/create')!.body).toEqual({ address: 'a1', paymentMode: 'online', isWalletUse: 'false' });
  });

  it('refuses to pay without an address', async () => {
    const calls = serve({ addresses: [], balance: 0, order: { status: 500, body: {} } });
    renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/No Address Found/);
    const summary = screen.getByRole('complementary', { name: 'Price details' });
    fireEvent.click(within(summary).getByRole('button', { name: 'Pay ₹1,200' }));
    expect(screen.getByText('Please select address to checkout')).toBeTruthy();
    expect(calls().some((c) => c.path === 'order/create')).toBe(false);
  });

  it('takes wallet cash off the payable amount and sends isWalletUse when switched on', async () => {
    const calls = serve({ addresses: [address('a1', 'Only Street')], balance: 800, order: { status: 201, body: { success: true, data: { url: null, paymentRequired: false, orderId: 'o1' } } } });
    renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/Only Street/);
    const toggle = await screen.findByRole('switch', { name: /Use wallet cash/ });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    expect(screen.getByText('− ₹800')).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Price details' });
    fireEvent.click(within(summary).getByRole('button', { name: 'Pay ₹400' }));
    await waitFor(() => expect(calls().some((c) => c.path === 'order/create')).toBe(true), { timeout: 3000 });
    expect(calls().find((c) => c.path === 'order/create')!.body).toEqual({ address: 'a1', paymentMode: 'online', isWalletUse: 'true' });
  });
});
