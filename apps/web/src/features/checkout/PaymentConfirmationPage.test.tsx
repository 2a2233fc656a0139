import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { apiCalls, mockApi, renderAt, signInForTest } from '../../test/render.tsx';
import { rememberOrderToken } from './order-links.ts';
import PaymentConfirmationPage from './PaymentConfirmationPage.tsx';

const ORDER_ID = '0b7f1c9e-5a4e-4c1a-9f43-2d5c3e8a1b20';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function seedGuestState() {
  storage.setJson(KEYS.guestCart, [{ _id: 'p1', name: 'Saree', price: 100, offeredPrice: 90, quantity: 1 }]);
  storage.setJson(KEYS.guestAddresses, [{ _id: 'g1', firstName: 'A' }]);
}

const confirmation = (over: Record<string, unknown> = {}) => ({
  orderId: ORDER_ID,
  orderNumber: 'SW0042',
  orderStatus: 'pending',
  paymentStatus: 'paid',
  status: true,
  canRetryPayment: false,
  paymentExpiresAt: null,
  order: null,
  expectedDelivery: null,
  ...over,
});

const anOrder = {
  _id: ORDER_ID,
  orderInitial: 'SW',
  orderId: 42,
  orderNumber: 'SW0042',
  orderStatus: 'pending',
  paymentMode: 'online',
  paymentStatus: 'paid',
  createdAt: '2026-11-25T10:00:00.000Z',
  orderSubTotal: 3000,
  shippingCharges: 0,
  orderGrandTotal: 3000,
  walletAmountUsed: 0,
  amountPayable: 3000,
  paymentExpiresAt: null,
  address: { firstName: 'Asha', lastName: 'Verma', streetAddress: '14 Johari Bazaar', mobile: '9876543210', pincode: 302001, city: 'Jaipur', state: 'Rajasthan', country: 'India', landmark: '', shippingNote: '' },
  productDetails: [
    { _id: 'l1', productId: 'p1', slug: 'saree', name: 'Banarasi Silk Saree', image: '/media/x.webp', price: 1500, mrp: 2000, quantity: 2, size: 'm', color: null, isFreeSize: false, isColorOptions: false, isTempProduct: false, tempProductId: null, vendorId: 'v1', categoryId: null, hsnCode: null, gstRate: 12 },
  ],
  ordersVendorWise: [{ _id: 'g1', vendorId: 'v1', brandName: 'Rang Mahal', awsNumber: null, courierPartner: null, trackingUrl: null, status: 'pending' }],
  refunds: [],
};

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('PaymentConfirmationPage', () => {
  it('confirms a paid order with its number and clears the guest cart and addresses', async () => {
    seedGuestState();
    mockApi({ 'order/confirmOrder': confirmation() });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Payment Confirmed' })).toBeTruthy();
    expect(screen.getByText('SW0042')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy();
    // a guest has no order pages
    expect(screen.queryByRole('link', { name: 'VIEW ORDER DETAIL' })).toBeNull();
    await waitFor(() => expect(storage.get(KEYS.guestCart)).toBeNull());
    expect(storage.get(KEYS.guestAddresses)).toBeNull();
  });

  it('shows a guest the items, amount paid, address, expected delivery and the link to see the order again', async () => {
    rememberOrderToken(ORDER_ID, TOKEN);
    const fetchMock = mockApi({
      'order/confirmOrder': confirmation({ order: anOrder, expectedDelivery: { deliveryDays: 3, deliveryDate: '2026-11-28', deliveryText: 'Delivery by Sat, 28 Nov' } }),
    });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    expect(await screen.findByText('Banarasi Silk Saree')).toBeTruthy();
    expect(screen.getByText('Size: M · Qty 2')).toBeTruthy();
    expect(screen.getByText('Amount paid').nextElementSibling?.textContent).toBe('₹3,000');
    expect(screen.getByText('14 Johari Bazaar', { exact: false })).toBeTruthy();
    expect(screen.getByText('Delivery by Sat, 28 Nov')).toBeTruthy();
    expect(screen.getByText('Save this link to see your order')).toBeTruthy();
    expect(screen.getByTestId('guest-order-link').getAttribute('href')).toBe(`${window.location.origin}/order-status#${TOKEN}`);
    // the token goes to the server in the body, never in an address
    expect(apiCalls(fetchMock)[0]).toMatchObject({ path: 'order/confirmOrder', body: { orderId: ORDER_ID, orderToken: TOKEN } });
  });

  it('offers VIEW ORDER DETAIL to a signed-in shopper, linking to the order', async () => {
    signInForTest();
    mockApi({ 'order/confirmOrder': confirmation() });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    const link = await screen.findByRole('link', { name: 'VIEW ORDER DETAIL' });
    expect(link.getAttribute('href')).toBe(`/OrderDetail/${ORDER_ID}`);
  });

  it('says the payment was unsuccessful when the server says so, whatever the address bar claims', async () => {
    mockApi({ 'order/confirmOrder': confirmation({ orderNumber: 'SW0043', orderStatus: 'cancelled', paymentStatus: 'expired', status: false }) });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Sorry! Payment unsuccessful. Please try later' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Retry payment' })).toBeNull();
  });

  it('keeps the guest cart and addresses after a failed payment, offering Retry payment and Back to cart', async () => {
    seedGuestState();
    rememberOrderToken(ORDER_ID, TOKEN);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    const fetchMock = mockApi({
      'order/confirmOrder': confirmation({ orderStatus: 'created', paymentStatus: 'failed', status: false, canRetryPayment: true, paymentExpiresAt: '2026-11-25T10:30:00.000Z' }),
      [`order/retry-payment/${ORDER_ID}`]: { url: 'http://localhost/api/payments/sandbox/p2', orderId: ORDER_ID, paymentExpiresAt: '2026-11-25T10:30:00.000Z' },
    });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=false&orderId=${ORDER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Sorry! Payment unsuccessful. Please try later' })).toBeTruthy();
    expect(screen.getByText(/Your items are kept for order SW0042 until/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/guestCheckoutCart');
    expect(storage.get(KEYS.guestCart)).not.toBeNull();
    expect(storage.get(KEYS.guestAddresses)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/payments/sandbox/p2'));
    expect(apiCalls(fetchMock).find((c) => c.path.startsWith('order/retry-payment'))?.body).toEqual({ orderToken: TOKEN });
  });

  it('sends a signed-in shopper back to their cart', async () => {
    signInForTest();
    mockApi({ 'order/confirmOrder': confirmation({ orderStatus: 'created', paymentStatus: 'failed', status: false, canRetryPayment: true, paymentExpiresAt: '2026-11-25T10:30:00.000Z' }) });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=false&orderId=${ORDER_ID}` });
    expect((await screen.findByRole('link', { name: 'Back to cart' })).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('button', { name: 'Retry payment' })).toBeTruthy();
  });

  it('leaves the guest state alone when the server has not confirmed a payment', async () => {
    seedGuestState();
    mockApi({});
    renderAt(<PaymentConfirmationPage />, { url: '/payment-confirmation?status=true' });
    await screen.findByRole('heading', { name: 'Payment Confirmed' });
    expect(storage.get(KEYS.guestCart)).not.toBeNull();
    expect(storage.get(KEYS.guestAddresses)).not.toBeNull();
  });

  it('leaves the guest state alone without a status parameter', async () => {
    seedGuestState();
    mockApi({});
    renderAt(<PaymentConfirmationPage />, { url: '/payment-confirmation' });
    await screen.findByRole('heading', { name: 'Sorry! Payment unsuccessful. Please try later' });
    expect(storage.get(KEYS.guestCart)).not.toBeNull();
    expect(storage.get(KEYS.guestAddresses)).not.toBeNull();
  });
});
