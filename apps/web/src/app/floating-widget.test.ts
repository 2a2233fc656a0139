import { describe, expect, it } from 'vitest';
import { showsFloatingWidget } from './floating-widget.ts';

describe('the floating support button', () => {
  it('is hidden on the cart, the checkouts, the payment pages and watch-and-shop', () => {
    for (const p of ['/cart', '/guestCheckoutCart', '/checkout', '/checkout/', '/guestCheckout', '/guestCheckoutBuyNow', '/buy-now/checkout', '/payment-confirmation', '/pay/abc', '/watch-and-shop'])
      expect(showsFloatingWidget(p), p).toBe(false);
  });

  it('shows everywhere else', () => {
    for (const p of ['/', '/products/', '/product/a-saree', '/search', '/FAQ', '/OrderDetail/1', '/checkout-help']) expect(showsFloatingWidget(p), p).toBe(true);
  });
});
