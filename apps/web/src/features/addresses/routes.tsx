import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/* Saved addresses (shopping §2 Saved addresses): login needed (accounts §2.1). */
const SavedAddressPage = lazy(() => import('./pages/SavedAddressPage.tsx'));
const AddAddressPage = lazy(() => import('./pages/AddressFormPage.tsx').then((m) => ({ default: m.AddAddressPage })));
const EditAddressPage = lazy(() => import('./pages/AddressFormPage.tsx').then((m) => ({ default: m.EditAddressPage })));

export const addressRoutes = (
  <Route element={<RequireAuth />}>
    <Route path="saved-address" element={<SavedAddressPage />} />
    <Route path="add-address" element={<AddAddressPage />} />
    <Route path="edit-address/:id" element={<EditAddressPage />} />
  </Route>
);
