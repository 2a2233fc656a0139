import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@statewise/contract/messages';
import { safePath } from '../api.ts';
import { finishLogin } from '../finish-login.ts';
import { closeLogin } from '../login-prompt.ts';
import { takeSocialReturn } from '../social.ts';

/**
 * /auth/social-login/success/{token}/token/{userId}/userId/{role}/role: Google sign-in has finished on the server.
 * Store the token, user id and role, load the profile (which stores the e-mail) and go back to where the user
 * started the sign-in (see social.ts), or home.
 */
export function SocialLoginSuccessPage() {
  const { token, userId, role } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const validRole = role === 'user' || role === 'vendor' || role === 'admin' ? role : null;
    if (!token || !userId || !validRole) {
      navigate('/auth/login', { replace: true });
      return;
    }
    void (async () => {
      const back = safePath(takeSocialReturn());
      try {
        const { target, role: finalRole } = await finishLogin(queryClient, { accessToken: token, user: { _id: userId, role: validRole } }, { source: 'social', request: null });
        navigate(finalRole === 'admin' ? '/' : (target ?? back ?? '/'), { replace: true });
      } catch {
        // the 401 handler has cleared the session and opened the login dialog
        closeLogin();
        toast.error(MSG.googleFailed);
        navigate('/auth/login', { replace: true });
      }
    })();
  }, [token, userId, role, queryClient, navigate]);

  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 text-center" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-r-brand-700" aria-hidden />
      <p className="text-ink-700">Signing you in…</p>
    </section>
  );
}
