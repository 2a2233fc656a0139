import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

const OrdersPage = lazy(() => import('./OrdersPage.tsx'));
const OrderDetailPage = lazy(() => import('./OrderDetailPage.tsx'));

/** The buyer's orders (shopping §2 Orders): a login is needed. */
export const orderRoutes = (
  <>
    <Route
      path="orders"
      element={
        <RequireAuth>
          <OrdersPage />
        </RequireAuth>
      }
    />
    <Route
      path="OrderDetail/:id"
      element={
        <RequireAuth>
          <OrderDetailPage />
        </RequireAuth>
      }
    />
  </>
);
