import type { ReactNode } from 'react';
import { useHydrated } from '../../components/ClientOnly.tsx';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSession, type Role } from './session.ts';

/**
 * Route guard for the token-only routes of accounts §2.1. A guest goes home with the login dialog open and comes
 * back after logging in (`/?login=true&redirectTo=…`); chat pages use the spec's own form, `/?login=true` with
 * `&chatId=` for one chat (after login: /chat/{chatId}, otherwise /chat-list). With `roles`, a signed-in
 * person of another role goes home.
 *
 *   <Route path="/wishlist" element={<RequireAuth><WishlistPage /></RequireAuth>} />
 *   <Route element={<RequireAuth roles={['vendor']} />}> …vendor routes… </Route>
 *   <Route path="/chat/:chatId" element={<RequireAuth chat><ChatPage /></RequireAuth>} />
 *   <Route path="/cart" element={<RequireAuth guestTo="/guestCheckoutCart"><CartPage /></RequireAuth>} />
 *
 * `guestTo` sends a guest to a page of their own instead of the login dialog (a guest has a local cart).
 */
export function RequireAuth({ children, roles, chat = false, guestTo }: { children?: ReactNode; roles?: Role[]; chat?: boolean; guestTo?: string }) {
  const { isLoggedIn, role } = useSession();
  const location = useLocation();
  const { chatId } = useParams();
  // the server and the hydrating browser draw nobody's screen here: whether someone is signed in is known at this device only
  const hydrated = useHydrated();
  if (!hydrated) return null;

  if (!isLoggedIn) {
    if (guestTo) return <Navigate to={guestTo} replace />;
    const to = chat
      ? chatId
        ? `/?login=true&chatId=${encodeURIComponent(chatId)}`
        : '/?login=true'
      : `/?login=true&redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={to} replace />;
  }
  if (roles && (!role || !roles.includes(role))) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
