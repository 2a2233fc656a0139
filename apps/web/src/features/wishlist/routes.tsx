import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/* The wishlist (shopping §2 Wishlist): login needed (accounts §2.1). */
const WishlistPage = lazy(() => import('./WishlistPage.tsx'));

export const wishlistRoutes = (
  <Route
    path="wishlist"
    element={
      <RequireAuth>
        <WishlistPage />
      </RequireAuth>
    }
  />
);
