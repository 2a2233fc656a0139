import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Moved } from '../components/Moved.tsx';
import { vendorRoutes } from '../features/vendors/routes.tsx';
import { productRoutes } from '../features/product/routes.tsx';
import { watchAndShopRoutes } from '../features/watch-and-shop/routes.tsx';
import { Layout } from './Layout.tsx';

/*
 * Declarative routes with one lazy chunk per screen (DESIGN.md). The data-router API would add ~17 KB gzip
 * to every page for loaders we do not use; data comes from TanStack Query instead (ADR 003).
 *
 * Where a new route goes: here only if it is a page people land on first (home, browse, product, store);
 * otherwise in feature-routes.tsx — every route declared here is paid for by the first page load.
 */
// Account, cart, wishlist, address, review and chat routes, and the not-found page: one chunk fetched when the
// browser is idle after the first paint (or at once on a direct visit), so their route tables stay out of the
// home page's 100 KB initial JavaScript.
const FeatureRoutes = lazy(() => import('./feature-routes.tsx'));
const HomePage = lazy(() => import('../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage })));
const ShopByPage = lazy(() => import('../features/catalogue/ShopByPage.tsx'));
const ListingPage = lazy(() => import('../features/catalogue/listing/ListingPage.tsx'));
const CollectionPage = lazy(() => import('../features/catalogue/CollectionPage.tsx'));
const SearchPage = lazy(() => import('../features/catalogue/SearchPage.tsx'));

/** Fetch the feature routes after the first page has loaded, so the first click on them does not wait. */
if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 0));
  setTimeout(() => idle(() => void import('./feature-routes.tsx')), 2500);
}

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          {/* browse (shopping §2: shop-by tabs, listings, search) */}
          <Route path="shop-by" element={<Moved to="/shop-by/category" />} />
          <Route path="shop-by/:tab" element={<ShopByPage />} />
          <Route path="products" element={<ListingPage kind="products" />} />
          <Route path="products/:categorySlug" element={<ListingPage kind="products" />} />
          <Route path="products/:categorySlug/:subCategorySlug" element={<ListingPage kind="products" />} />
          <Route path="shop-by-style/:styleSlug" element={<ListingPage kind="style" />} />
          <Route path="shop-by-state/:stateSlug" element={<ListingPage kind="state" />} />
          <Route path="shop-by-state/:stateSlug/:categorySlug" element={<ListingPage kind="state" />} />
          <Route path="product/topsellingproducts" element={<CollectionPage which="topSelling" />} />
          <Route path="product/trendingproducts" element={<CollectionPage which="trending" />} />
          <Route path="search" element={<SearchPage />} />
          {/* shopping §2: product detail, vendor store and directory (public pages people land on from shared links) */}
          {productRoutes}
          {vendorRoutes}
          {/* shopping §2: the watch-and-shop video feed (landed on from shared video links) */}
          {watchAndShopRoutes}
          {/* everything else: feature-routes.tsx, loaded after the first paint */}
          <Route path="*" element={<FeatureRoutes />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
