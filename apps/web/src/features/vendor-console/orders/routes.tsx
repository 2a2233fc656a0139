import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../../auth/RequireAuth.tsx';

/* The vendor console's dashboard and orders (issue 10): lazy chunks behind the vendor role, never loaded by a shopper. */
const VendorDashboardPage = lazy(() => import('./DashboardPage.tsx'));
const VendorOrdersPage = lazy(() => import('./OrdersPage.tsx'));
const VendorOrderDetailPage = lazy(() => import('./OrderDetailPage.tsx'));

export const vendorOrderRoutes = (
  <Route element={<RequireAuth roles={['vendor']} />}>
    <Route path="vendor" element={<VendorDashboardPage />} />
    <Route path="vendor/orders" element={<VendorOrdersPage />} />
    <Route path="vendor/orders/:orderId" element={<VendorOrderDetailPage />} />
  </Route>
);
