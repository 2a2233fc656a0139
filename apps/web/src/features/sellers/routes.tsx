import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/*
 * The seller application (accounts §2.2 vendor registration, §4.9; ADR 014), one lazy chunk per screen. The admin's
 * approval queue (admin/SellerApplicationsPage.tsx) is mounted in the admin console (features/admin/routes.tsx).
 */
const VendorRegistrationPage = lazy(() => import('./VendorRegistrationPage.tsx').then((m) => ({ default: m.VendorRegistrationPage })));
const VendorRegistrationSecondPage = lazy(() => import('./VendorRegistrationSecondPage.tsx').then((m) => ({ default: m.VendorRegistrationSecondPage })));
const SellerPage = lazy(() => import('./become-seller.tsx').then((m) => ({ default: m.SellerPage })));

export const sellerRoutes = (
  <>
    <Route element={<RequireAuth roles={['user', 'vendor']} />}>
      <Route path="auth/vendor-registration" element={<VendorRegistrationPage />} />
      <Route path="auth/vendor-registration-second" element={<VendorRegistrationSecondPage />} />
    </Route>
    <Route element={<RequireAuth />}>
      <Route path="seller" element={<SellerPage />} />
    </Route>
  </>
);
