import { lazy } from 'react';
import { Route } from 'react-router';

/* Vendor store and the vendor directory (shopping §2 Vendor store, accounts §2.7): public. */
const StorePage = lazy(() => import('./StorePage.tsx'));
const StalwartPage = lazy(() => import('./StalwartPage.tsx'));

export const vendorRoutes = (
  <>
    <Route path="store/:vendorSlug" element={<StorePage />} />
    <Route path="stalwart-page" element={<StalwartPage />} />
  </>
);
