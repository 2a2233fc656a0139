import { lazy } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { ClientOnly } from '../components/ClientOnly.tsx';
import { usePageHead } from '../lib/page-head.tsx';
import { addressRoutes } from '../features/addresses/routes.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { cartRoutes } from '../features/cart/routes.tsx';
import { chatRoutes } from '../features/chat/routes.tsx';
import { checkoutRoutes } from '../features/checkout/routes.tsx';
import { communityRoutes } from '../features/community/routes.tsx';
import { contentRoutes } from '../features/content/routes.tsx';
import { orderRoutes } from '../features/orders/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { reviewRoutes } from '../features/reviews/routes.tsx';
import { sellerRoutes } from '../features/sellers/routes.tsx';
import { vendorConsoleRoutes } from '../features/vendor-console/routes.tsx';
import { walletRoutes } from '../features/wallet/routes.tsx';
import { wishlistRoutes } from '../features/wishlist/routes.tsx';

const NotFoundPage = lazy(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

/** Account, cart, checkout and console screens: drawn in the browser only, and kept out of search engines. */
function PrivateScreens() {
  usePageHead({ noindex: true });
  return (
    <ClientOnly fallback={<div className="min-h-[70vh]" aria-busy="true" />}>
      <Outlet />
    </ClientOnly>
  );
}

/**
 * The routes that are not first-landing pages, matched below router.tsx's catch-all (`*`) and loaded after the
 * first paint (see router.tsx). Add a feature's routes here.
 */
export default function FeatureRoutes() {
  return (
    <Routes>
      {/* Screens of the person at this device: drawn in the browser only (components/ClientOnly.tsx) */}
      <Route element={<PrivateScreens />}>
        {/* shopping §2: cart and guest cart */}
        {cartRoutes}
        {/* shopping §2: checkout, guest checkout, payment result, orders, wallet */}
        {checkoutRoutes}
        {orderRoutes}
        {walletRoutes}
        {/* shopping §2 Reviews: write and update (token only) */}
        {reviewRoutes}
        {/* accounts (accounts §2.2 auth area, §2.4 hub, §2.5 profile editing) */}
        {authRoutes}
        {profileRoutes}
        {/* accounts §2.2, §4.9: seller registration, /seller and the admin's approval queue (ADR 014) */}
        {sellerRoutes}
        {/* issue 10: the vendor console (/vendor/..., role vendor; DESIGN "Consoles") */}
        {vendorConsoleRoutes}
        {/* issue 11: the admin console (/admin/..., role admin) */}
        {adminRoutes}
        {/* shopping §2: wishlist, saved addresses (token only) */}
        {wishlistRoutes}
        {addressRoutes}
        {/* accounts §2.7: chat with vendors (issue 13) */}
        {chatRoutes}
        {/* token-only screens whose features are not built yet: guarded now, their pages replace NotFoundPage */}
        <Route path="shipping-details" element={<RequireAuth><NotFoundPage /></RequireAuth>} />
        <Route path="OrderId" element={<RequireAuth><NotFoundPage /></RequireAuth>} />
      </Route>
      {/* accounts §2.6: the community feed, its post page, and the add and edit screens (issue 12) */}
      {communityRoutes}
      {/* accounts §2.9: Our Story, FAQ, contact form and the policies */}
      {contentRoutes}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
