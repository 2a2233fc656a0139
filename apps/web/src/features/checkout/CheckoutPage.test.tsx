import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@statewise/contract/messages';
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
const profile = {
  _id: 'u1',
  role: 'user',
  email: null,
  firstname: 'Meera',
  lastname: 'Iyer',
  mobile: '9812345678',
  picture: '',
  emailVerified: false,
  mobileVerified: true,
  hasPassword: false,
  createdAt: '2025-01-01T00:00:00Z',
};

function serve(opts: { addresses: unknown[]; balance: number; order: { status: number; body: unknown }; cart?: unknown }) {
  const fetchMock = mockApi({
    address: opts.addresses,
    user: profile,
    cart: opts.cart ?? cart,
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

  it('keeps Pay disabled until an address is chosen, and the button says why', async () => {
    const calls = serve({ addresses: [], balance: 0, order: { status: 500, body: {} } });
    renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/No Address Found/);
    const summary = screen.getByRole('complementary', { name: 'Price details' });
    const pay = within(summary).getByRole('button', { name: 'Add an address to pay' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(pay.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(pay.getAttribute('aria-describedby')!)!.textContent).toBe('Please select address to checkout');
    fireEvent.click(pay);
    expect(calls().some((c) => c.path === 'order/create')).toBe(false);
  });

  it('opens one step at a time: a finished step collapses to a line with Change', async () => {
    serve({ addresses: [address('a1', 'Only Street')], balance: 0, order: { status: 500, body: {} } });
    renderAt(<CheckoutPage mode="cart" />);
    const addressStep = (await screen.findByRole('region', { name: /Delivery Address/ })) as HTMLElement;
    // step 1 open: the address is a one-line summary, Payment only its title
    expect(addressStep.dataset.state).toBe('done');
    expect(within(addressStep).getByText('Meera Iyer, Only Street, New Delhi – 110001')).toBeTruthy();
    expect(within(addressStep).queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('radio', { name: /Online Payment/ })).toBeNull();

    fireEvent.click(within(addressStep).getByRole('button', { name: 'Change delivery address' }));
    expect(addressStep.dataset.state).toBe('open');
    expect(within(addressStep).getByRole('radio', { name: /Meera Iyer/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Items in this order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Deliver Here' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByRole('region', { name: /Order Summary/ }).dataset.state).toBe('done');
    expect(screen.getByRole('radio', { name: /Cash on Delivery/ })).toBeTruthy();
  });

  it('counts pieces everywhere: one line of 2 and one of 1 read 3 items', async () => {
    const two = { ...cart.cartProducts[0]!, quantity: 2 };
    const other = { ...cart.cartProducts[0]!, _id: 'l2', productId: { ...product, _id: 'p2', name: 'Ikat Dupatta', slug: 'ikat-dupatta' } };
    serve({ addresses: [address('a1', 'Only Street')], balance: 0, order: { status: 500, body: {} }, cart: { ...cart, cartProducts: [two, other], subTotal: 3600, grandTotal: 3600 } });
    renderAt(<CheckoutPage mode="cart" />);
    const itemsStep = await screen.findByRole('region', { name: /Order Summary/ });
    await within(itemsStep).findByText('3 items');
    expect(within(screen.getByRole('complementary', { name: 'Price details' })).getByText('Subtotal (3 items)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(within(itemsStep).getByText('3 items · ₹3,600')).toBeTruthy();
  });

  it('pre-fills a new address with the account name and mobile', async () => {
    serve({ addresses: [], balance: 0, order: { status: 500, body: {} } });
    renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/No Address Found/);
    fireEvent.click(screen.getByRole('button', { name: '+ Add New Address' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add New Address' });
    await waitFor(() => expect((within(drawer).getByLabelText('First name') as HTMLInputElement).value).toBe('Meera'));
    expect((within(drawer).getByLabelText('Last name') as HTMLInputElement).value).toBe('Iyer');
    expect((within(drawer).getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9812345678');
    expect((within(drawer).getByLabelText('Street address') as HTMLInputElement).value).toBe('');
  });

  it('places a cart order with cash on delivery', async () => {
    const calls = serve({ addresses: [address('a1', 'Only Street')], balance: 0, order: { status: 201, body: { success: true, data: { url: null, paymentRequired: false, orderId: 'o9' } } } });
    const { location } = renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/Only Street/);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    const summary = screen.getByRole('complementary', { name: 'Price details' });
    fireEvent.click(within(summary).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(location.current).toBe('/payment-confirmation?status=true&orderId=o9'), { timeout: 3000 });
    expect(calls().find((c) => c.path === 'order/create')!.body).toEqual({ address: 'a1', paymentMode: 'cod', isWalletUse: 'false' });
  });

  it('shows the COD cap refusal at Payment, where Online Payment can be chosen instead', async () => {
    serve({ addresses: [address('a1', 'Only Street')], balance: 0, order: { status: 429, body: { success: false, message: MSG.tooManyCodOrders } } });
    renderAt(<CheckoutPage mode="cart" />);
    await screen.findByText(/Only Street/);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(screen.getByRole('radio', { name: /Cash on Delivery/ }));
    fireEvent.click(within(screen.getByRole('complementary', { name: 'Price details' })).getByRole('button', { name: 'Place Order' }));
    const payment = screen.getByRole('region', { name: /Payment/ });
    expect(await within(payment).findByText(MSG.tooManyCodOrders, {}, { timeout: 3000 })).toBeTruthy();
    expect(payment.dataset.state).toBe('open');
    expect(within(payment).getByRole('radio', { name: /Online Payment/ })).toBeTruthy();
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
