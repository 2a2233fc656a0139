import { lazy } from 'react';
import { Route } from 'react-router';

const WatchAndShopPage = lazy(() => import('./WatchAndShopPage.tsx'));

/** Watch and shop (shopping §2): a page people land on from shared links and the home section (`?video=`). */
export const watchAndShopRoutes = <Route path="watch-and-shop" element={<WatchAndShopPage />} />;
