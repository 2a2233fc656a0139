import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

const CartPage = lazy(() => import('./CartPage.tsx'));

/**
 * The cart pages (shopping §2): /cart needs a login, but a guest has a cart of their own, so a guest is sent to
 * /guestCheckoutCart rather than to the login dialog.
 */
export const cartRoutes = (
  <>
    <Route
      path="cart"
      element={
        <RequireAuth guestTo="/guestCheckoutCart">
          <CartPage guest={false} />
        </RequireAuth>
      }
    />
    <Route path="guestCheckoutCart" element={<CartPage guest />} />
  </>
);
