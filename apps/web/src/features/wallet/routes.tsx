import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

const WalletPage = lazy(() => import('./WalletPage.tsx'));

/** The wallet (shopping §2 Wallet): a login is needed. */
export const walletRoutes = (
  <Route
    path="wallet"
    element={
      <RequireAuth>
        <WalletPage />
      </RequireAuth>
    }
  />
);
