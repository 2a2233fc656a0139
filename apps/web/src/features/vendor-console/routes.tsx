import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/*
 * The vendor console (/vendor/..., role vendor; DESIGN "Consoles"): lazy chunks a shopper never downloads, behind the
 * vendor role here and on every server call. The layout holds the console's nav; each screen is its own chunk.
 */
const ConsoleLayout = lazy(() => import('./ConsoleLayout.tsx').then((m) => ({ default: m.ConsoleLayout })));
const VendorProductsPage = lazy(() => import('./products/VendorProductsPage.tsx').then((m) => ({ default: m.VendorProductsPage })));
const VendorProductFormPage = lazy(() => import('./products/VendorProductFormPage.tsx').then((m) => ({ default: m.VendorProductFormPage })));
const StoreSettingsPage = lazy(() => import('./store/StoreSettingsPage.tsx').then((m) => ({ default: m.StoreSettingsPage })));
const VendorImportPage = lazy(() => import('./products/VendorImportPage.tsx').then((m) => ({ default: m.VendorImportPage })));
const VendorDashboardPage = lazy(() => import('./orders/DashboardPage.tsx'));
const VendorOrdersPage = lazy(() => import('./orders/OrdersPage.tsx'));
const VendorOrderDetailPage = lazy(() => import('./orders/OrderDetailPage.tsx'));
const VendorEarningsPage = lazy(() => import('./earnings/EarningsPage.tsx'));

export const vendorConsoleRoutes = (
  <Route element={<RequireAuth roles={['vendor']} />}>
    <Route path="vendor" element={<ConsoleLayout />}>
      <Route index element={<VendorDashboardPage />} />
      <Route path="orders" element={<VendorOrdersPage />} />
      <Route path="orders/:orderId" element={<VendorOrderDetailPage />} />
      <Route path="products" element={<VendorProductsPage />} />
      <Route path="products/new" element={<VendorProductFormPage />} />
      <Route path="products/import" element={<VendorImportPage />} />
      <Route path="products/:id/edit" element={<VendorProductFormPage />} />
      <Route path="store" element={<StoreSettingsPage />} />
      <Route path="earnings" element={<VendorEarningsPage />} />
    </Route>
  </Route>
);
