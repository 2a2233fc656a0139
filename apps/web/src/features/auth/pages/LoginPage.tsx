import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@statewise/contract/messages';
import { checkPasswordPresent } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { authApi, errorMessage, safePath, useAuthProviders } from '../api.ts';
import { finishLogin } from '../finish-login.ts';
import { WEB_MSG } from '../messages.ts';
import { rememberSocialReturn } from '../social.ts';
import { AuthCard, Button, Field, FormError, PasswordField } from '../ui.tsx';
import { parseContact } from '../validators.ts';

/** /auth/login: mobile or e-mail with a password (accounts §2.2, §4.3). */
export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safePath(params.get('redirectTo'));
  const providers = useAuthProviders();
  // Google sign-in that failed comes back as ?error=…; only our own sentences are shown (no text from a link).
  const socialError = params.get('error') ? (params.get('error') === MSG.googleUnavailable ? MSG.googleUnavailable : MSG.googleFailed) : null;
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ contact?: string | null; password?: string | null }>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseContact(contact, 'page');
    const found = { contact: 'error' in parsed ? parsed.error : null, password: checkPasswordPresent(password) };
    setErrors(found);
    if ('error' in parsed || found.password) return;
    setPending(true);
    try {
      const result = await authApi.passwordLogin(parsed.contact, password);
      const { target, role } = await finishLogin(queryClient, result, { source: 'page', request: null });
      // Accounts §4.3: admins go home; others where an after-login step says (the cart after a merge), else home.
      navigate(role === 'admin' ? '/' : (target ?? redirectTo ?? '/'), { replace: true });
    } catch (err) {
      setPending(false);
      // Accounts §8: the server's message as an alert; a refused mobile login also says Unauthorized at the password.
      toast.error(errorMessage(err));
      if (err instanceof ApiError && err.status === 401 && parsed.contact.type === 'mobile') setErrors({ password: WEB_MSG.unauthorized });
      else if (err instanceof ApiError && err.errors.password) setErrors({ password: err.errors.password });
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to track orders, save your wishlist and chat with sellers."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/auth/request-otp" className="font-semibold text-brand-700 hover:underline">
            Sign Up
          </Link>
        </>
      }
    >
      <FormError message={socialError} />
      <form onSubmit={submit} noValidate>
        <Field
          label="Mobile number or e-mail"
          name="username"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          autoComplete="username"
          error={errors.contact}
          autoFocus
        />
        <PasswordField label="Password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" error={errors.password} className="mb-2" />
        <div className="mb-5 text-right">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <Button pending={pending}>LOGIN</Button>
      </form>
      <Link
        to={redirectTo ? `/auth/request-otp-login?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/request-otp-login'}
        className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-full border border-brand-700 px-6 py-2.5 text-sm font-semibold tracking-wide text-brand-700 hover:bg-brand-50"
      >
        LOGIN WITH OTP
      </Link>
      {providers.data?.google ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-ink-500 uppercase">
            <span className="h-px flex-1 bg-ink-500/30" /> or <span className="h-px flex-1 bg-ink-500/30" />
          </div>
          <a
            href="/api/auth/google"
            onClick={() => rememberSocialReturn(redirectTo ?? '/')}
            className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-full border border-ink-500/40 bg-white px-6 py-2.5 text-sm font-semibold text-ink-900 hover:bg-sand-100"
          >
            <GoogleMark /> Continue with Google
          </a>
        </>
      ) : null}
    </AuthCard>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden>
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
