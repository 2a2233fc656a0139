import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/*
 * The seller application (accounts §2.2 vendor registration, §4.9; ADR 014), one lazy chunk per screen. The admin's
 * approval queue is its own chunk behind the admin role, so shoppers never load it.
 */
const VendorRegistrationPage = lazy(() => import('./VendorRegistrationPage.tsx').then((m) => ({ default: m.VendorRegistrationPage })));
const VendorRegistrationSecondPage = lazy(() => import('./VendorRegistrationSecondPage.tsx').then((m) => ({ default: m.VendorRegistrationSecondPage })));
const SellerPage = lazy(() => import('./become-seller.tsx').then((m) => ({ default: m.SellerPage })));
const SellerApplicationsPage = lazy(() => import('./admin/SellerApplicationsPage.tsx').then((m) => ({ default: m.SellerApplicationsPage })));

export const sellerRoutes = (
  <>
    <Route element={<RequireAuth roles={['user', 'vendor']} />}>
      <Route path="auth/vendor-registration" element={<VendorRegistrationPage />} />
      <Route path="auth/vendor-registration-second" element={<VendorRegistrationSecondPage />} />
    </Route>
    <Route element={<RequireAuth />}>
      <Route path="seller" element={<SellerPage />} />
    </Route>
    <Route element={<RequireAuth roles={['admin']} />}>
      <Route path="admin/seller-applications" element={<SellerApplicationsPage />} />
    </Route>
  </>
);
