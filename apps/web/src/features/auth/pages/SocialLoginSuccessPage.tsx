import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@statewise/contract/messages';
import { ApiError } from '../../../lib/api.ts';
import { authApi, safePath } from '../api.ts';
import { finishLogin } from '../finish-login.ts';
import { closeLogin } from '../login-prompt.ts';
import { takeSocialReturn } from '../social.ts';

/** What stands in the address for the code once it is read, so history never keeps it. */
const SPENT = '-';

/**
 * /auth/social-login/success/{token}/token/{userId}/userId/{role}/role: Google sign-in has finished on the server.
 * The {token} slot holds a one-time code, not an access token: the page takes it out of the address at once (the
 * history entry is replaced), exchanges it for the login (auth/social-login/exchange, good once for two minutes),
 * stores the token, user id and role, loads the profile (which stores the e-mail) and goes back to where the user
 * started the sign-in (see social.ts), or home.
 */
export function SocialLoginSuccessPage() {
  const { token: code, userId, role } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const validRole = role === 'user' || role === 'vendor' || role === 'admin' ? role : null;
    if (!code || code === SPENT || !userId || !validRole) {
      navigate('/auth/login', { replace: true });
      return;
    }
    // The router's own state stays; only the address loses the code (and so do Referer headers from here on).
    window.history.replaceState(window.history.state, '', `/auth/social-login/success/${SPENT}/token/${userId}/userId/${validRole}/role`);
    void (async () => {
      const back = safePath(takeSocialReturn());
      try {
        const result = await authApi.exchangeGoogleCode(code);
        const { target, role: finalRole } = await finishLogin(queryClient, result, { source: 'social', request: null });
        navigate(finalRole === 'admin' ? '/' : (target ?? back ?? '/'), { replace: true });
      } catch (err) {
        // An expired or used code says so; the 401 rule may have opened the login dialog, the login page takes over.
        closeLogin();
        toast.error(err instanceof ApiError && (err.status === 400 || err.status === 401 || err.status === 429) ? err.message : MSG.googleFailed);
        navigate('/auth/login', { replace: true });
      }
    })();
  }, [code, userId, role, queryClient, navigate]);

  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 text-center" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-r-brand-700" aria-hidden />
      <p className="text-ink-700">Signing you in…</p>
    </section>
  );
}
