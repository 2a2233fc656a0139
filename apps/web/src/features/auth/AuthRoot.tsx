import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast, Toaster } from 'sonner';
import { onUnauthorized } from '../../lib/api.ts';
import { profileKey, safePath, useProfile } from './api.ts';
import { openLogin, useLoginRequest } from './login-prompt.ts';
import { isLogoutState, logout } from './logout.ts';
import { MSG } from '@statewise/contract/messages';
import { clearSession, useSession } from './session.ts';

const LoginDialog = lazy(() => import('./LoginDialog.tsx').then((m) => ({ default: m.LoginDialog })));

/**
 * Mounted once in the layout: the app's one Toaster, the login dialog (its code loads only when asked for),
 * `/?login=true[&chatId=…][&redirectTo=…]`, and the rule that a 401 from any call clears auth and asks to log in.
 */
export function AuthRoot() {
  const request = useLoginRequest();
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  // A stored token is checked by loading the profile (a revoked one answers 401 below); it also refreshes the role.
  useProfile();

  useEffect(
    () =>
      onUnauthorized(() => {
        clearSession();
        queryClient.removeQueries({ queryKey: profileKey });
        toast.error(MSG.sessionExpired, { id: 'session-expired' });
        openLogin();
      }),
    [queryClient],
  );

  // Accounts §2.1: the home page's login parameter opens the dialog; chatId is kept. After login the user goes
  // to /chat/{chatId}, otherwise to /chat-list; a guarded page sends its own address as redirectTo.
  const loginParam = location.pathname === '/' ? new URLSearchParams(location.search) : null;
  const wantsLogin = loginParam?.get('login') === 'true';
  const chatId = loginParam?.get('chatId') || undefined;
  const redirectTo = safePath(loginParam?.get('redirectTo')) ?? undefined;
  // Once per visit of such an address: closing the dialog (which also drops the parameters) must not reopen it,
  // and the login finishing in the dialog must not race the dialog's own navigation.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!wantsLogin || handled.current === location.key) return;
    handled.current = location.key;
    const dest = chatId ? `/chat/${encodeURIComponent(chatId)}` : (redirectTo ?? '/chat-list');
    if (isLoggedIn) navigate(dest, { replace: true });
    else openLogin(chatId ? { chatId } : { redirectTo: dest });
  }, [wantsLogin, chatId, redirectTo, isLoggedIn, location.key, navigate]);

  // Log Out asked for by a guarded page (see logout.ts): done here, after the page has changed.
  const logoutAsked = isLogoutState(location.state);
  useEffect(() => {
    if (!logoutAsked) return;
    // The state goes first, so a reload of this entry never logs out again.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    void logout(queryClient).then(() => toast.success(MSG.loggedOut));
  }, [logoutAsked, location.pathname, location.search, navigate, queryClient]);

  return (
    <>
      {request ? (
        <Suspense fallback={null}>
          <LoginDialog request={request} />
        </Suspense>
      ) : null}
      <Toaster position="top-center" richColors closeButton duration={3500} />
    </>
  );
}
