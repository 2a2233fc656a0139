import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

/*
 * The admin console (/admin/..., role admin; issue 11, DESIGN "Consoles"): lazy chunks a shopper never downloads,
 * behind the admin role here and on every server call. The layout holds the nav; each screen is its own chunk.
 */
const AdminLayout = lazy(() => import('./AdminLayout.tsx').then((m) => ({ default: m.AdminLayout })));
const OverviewPage = lazy(() => import('./OverviewPage.tsx'));
const SellerApplicationsPage = lazy(() => import('../sellers/admin/SellerApplicationsPage.tsx').then((m) => ({ default: m.SellerApplicationsPage })));
const PagesPage = lazy(() => import('./content/PagesPage.tsx'));
const FaqAdminPage = lazy(() => import('./content/FaqAdminPage.tsx'));
const ChatbotQuestionsPage = lazy(() => import('./content/ChatbotQuestionsPage.tsx'));
const SocialLinksPage = lazy(() => import('./content/SocialLinksPage.tsx'));
const ContactInboxPage = lazy(() => import('./content/ContactInboxPage.tsx'));
const UsersPage = lazy(() => import('./users/UsersPage.tsx'));
const UserDetailPage = lazy(() => import('./users/UserDetailPage.tsx'));
const AuditPage = lazy(() => import('./AuditPage.tsx'));
const OrdersPage = lazy(() => import('./orders/OrdersPage.tsx'));
const OrderDetailPage = lazy(() => import('./orders/OrderDetailPage.tsx'));
const VendorsPage = lazy(() => import('./vendors/VendorsPage.tsx'));
const ModerationPage = lazy(() => import('./moderation/ModerationPage.tsx'));
const CataloguePage = lazy(() => import('./catalogue/CataloguePage.tsx'));
const VideosPage = lazy(() => import('./videos/VideosPage.tsx'));
// the page lives beside the vendor's earnings: both read the server's earnings module (ADR 017)
const AdminCommissionsPage = lazy(() => import('../vendor-console/earnings/AdminCommissionsPage.tsx').then((m) => ({ default: m.AdminCommissionsPage })));

export const adminRoutes = (
  <Route element={<RequireAuth roles={['admin']} />}>
    <Route path="admin" element={<AdminLayout />}>
      <Route index element={<OverviewPage />} />
      <Route path="seller-applications" element={<SellerApplicationsPage />} />
      <Route path="vendors" element={<VendorsPage />} />
      <Route path="commissions" element={<AdminCommissionsPage />} />
      <Route path="moderation" element={<ModerationPage />} />
      <Route path="catalogue" element={<CataloguePage />} />
      <Route path="catalogue/:tab" element={<CataloguePage />} />
      <Route path="videos" element={<VideosPage />} />
      <Route path="pages" element={<PagesPage />} />
      <Route path="pages/:key" element={<PagesPage />} />
      <Route path="faq" element={<FaqAdminPage />} />
      <Route path="chatbot-questions" element={<ChatbotQuestionsPage />} />
      <Route path="social-links" element={<SocialLinksPage />} />
      <Route path="contact-requests" element={<ContactInboxPage />} />
      <Route path="users" element={<UsersPage />} />
      <Route path="users/:id" element={<UserDetailPage />} />
      <Route path="orders" element={<OrdersPage />} />
      <Route path="orders/:id" element={<OrderDetailPage />} />
      <Route path="audit" element={<AuditPage />} />
    </Route>
  </Route>
);
