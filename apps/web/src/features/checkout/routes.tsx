import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

const CheckoutPage = lazy(() => import('./CheckoutPage.tsx'));
const GuestCheckoutPage = lazy(() => import('./GuestCheckoutPage.tsx'));
const PaymentConfirmationPage = lazy(() => import('./PaymentConfirmationPage.tsx'));
const OrderStatusPage = lazy(() => import('./OrderStatusPage.tsx'));

/**
 * Checkout and the payment result (shopping §2). The signed-in checkouts need a login; a guest has checkouts of
 * their own, so /checkout sends a guest to the guest cart and /buy-now/checkout to the guest buy-now checkout.
 * /order-status#token opens a guest's order again.
 */
export const checkoutRoutes = (
  <>
    <Route
      path="checkout"
      element={
        <RequireAuth guestTo="/guestCheckoutCart">
          <CheckoutPage mode="cart" />
        </RequireAuth>
      }
    />
    <Route
      path="buy-now/checkout"
      element={
        <RequireAuth guestTo="/guestCheckoutBuyNow">
          <CheckoutPage mode="buyNow" />
        </RequireAuth>
      }
    />
    <Route path="guestCheckout" element={<GuestCheckoutPage mode="cart" />} />
    <Route path="guestCheckoutBuyNow" element={<GuestCheckoutPage mode="buyNow" />} />
    <Route path="payment-confirmation" element={<PaymentConfirmationPage />} />
    {/* a guest's order, from the link the payment result gave (issue 9) */}
    <Route path="order-status" element={<OrderStatusPage />} />
  </>
);
