import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { mockApi, renderAt, signInForTest } from '../../test/render.tsx';
import PaymentConfirmationPage from './PaymentConfirmationPage.tsx';

const ORDER_ID = '0b7f1c9e-5a4e-4c1a-9f43-2d5c3e8a1b20';

function seedGuestState() {
  storage.setJson(KEYS.guestCart, [{ _id: 'p1', name: 'Saree', price: 100, offeredPrice: 90, quantity: 1 }]);
  storage.setJson(KEYS.guestAddresses, [{ _id: 'g1', firstName: 'A' }]);
}

describe('PaymentConfirmationPage', () => {
  it('confirms a paid order with its number and clears the guest cart and addresses', async () => {
    seedGuestState();
    mockApi({ 'order/confirmOrder': { orderId: ORDER_ID, orderNumber: 'SW0042', orderStatus: 'pending', paymentStatus: 'paid', status: true } });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Payment Confirmed' })).toBeTruthy();
    expect(screen.getByText('SW0042')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy();
    // a guest has no order pages
    expect(screen.queryByRole('link', { name: 'VIEW ORDER DETAIL' })).toBeNull();
    expect(storage.get(KEYS.guestCart)).toBeNull();
    expect(storage.get(KEYS.guestAddresses)).toBeNull();
  });

  it('offers VIEW ORDER DETAIL to a signed-in shopper, linking to the order', async () => {
    signInForTest();
    mockApi({ 'order/confirmOrder': { orderId: ORDER_ID, orderNumber: 'SW0042', orderStatus: 'pending', paymentStatus: 'paid', status: true } });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    const link = await screen.findByRole('link', { name: 'VIEW ORDER DETAIL' });
    expect(link.getAttribute('href')).toBe(`/OrderDetail/${ORDER_ID}`);
  });

  it('says the payment was unsuccessful when the server says so, whatever the address bar claims', async () => {
    mockApi({ 'order/confirmOrder': { orderId: ORDER_ID, orderNumber: 'SW0043', orderStatus: 'cancelled', paymentStatus: 'failed', status: false } });
    renderAt(<PaymentConfirmationPage />, { url: `/payment-confirmation?status=true&orderId=${ORDER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Sorry! Payment unsuccessful. Please try later' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('clears the guest state on a failed payment too, as the spec says', async () => {
    seedGuestState();
    mockApi({});
    renderAt(<PaymentConfirmationPage />, { url: '/payment-confirmation?status=false' });
    expect(await screen.findByRole('heading', { name: 'Sorry! Payment unsuccessful. Please try later' })).toBeTruthy();
    expect(storage.get(KEYS.guestCart)).toBeNull();
    expect(storage.get(KEYS.guestAddresses)).toBeNull();
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
