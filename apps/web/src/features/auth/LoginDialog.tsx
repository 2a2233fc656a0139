import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { authApi, demoCode, errorMessage, resendAfter, safePath } from './api.ts';
import { finishLogin } from './finish-login.ts';
import { closeLogin, type LoginRequest } from './login-prompt.ts';
import { OTP } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { OtpForm } from './OtpForm.tsx';
import { SignUpDetailsForm } from './SignUpDetailsForm.tsx';
import { Button, Field } from './ui.tsx';
import { parseContact, type Contact } from './validators.ts';

/**
 * The login dialog of accounts §2.3 / §4.1 / §4.2: login (mobile or e-mail) → code, or, for a contact with no
 * account, sign-up code → details. Mounted by AuthRoot while a login request is open.
 */
type View =
  | { name: 'login' }
  | { name: 'otp'; contact: Contact; code: string | null; wait: number }
  | { name: 'signup-otp'; contact: Contact; code: string | null; wait: number }
  | { name: 'details'; contact: Contact; token: string };

const LOGIN_PARAMS = ['login', 'chatId', 'redirectTo'];

export function LoginDialog({ request }: { request: LoginRequest }) {
  const [view, setView] = useState<View>({ name: 'login' });
  const navigate = useNavigate();
  const location = useLocation();

  /** Closing without logging in drops `?login=true…` so the dialog does not reopen on its own. */
  const dismiss = () => {
    closeLogin();
    const params = new URLSearchParams(location.search);
    if (LOGIN_PARAMS.some((p) => params.has(p))) {
      LOGIN_PARAMS.forEach((p) => params.delete(p));
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  };

  /** After login: an after-login step's path, else the chat asked for, else the request's page, else stay. */
  const done = (target: string | undefined) => {
    const chatTarget = request.chatId ? `/chat/${encodeURIComponent(request.chatId)}` : null;
    const dest = target ?? chatTarget ?? safePath(request.redirectTo);
    closeLogin();
    if (dest) navigate(dest, { replace: location.search.includes('login=true') });
    else dismiss();
  };

  const title =
    view.name === 'login' ? 'Login or Sign up' : view.name === 'details' ? 'Tell us about you' : view.name === 'otp' ? 'Verify to log in' : 'Verify to sign up';
  const afterLogin = request.chatId ? `/chat/${request.chatId}` : request.redirectTo;

  return (
    <Dialog open onClose={dismiss} title={title}>
      {view.name === 'login' ? <LoginView onNext={setView} /> : null}
      {view.name === 'otp' ? (
        <LoginOtpView key="otp" contact={view.contact} code={view.code} wait={view.wait} onBack={() => setView({ name: 'login' })} onDone={done} request={request} />
      ) : null}
      {view.name === 'signup-otp' ? (
        <SignUpOtpView
          key="signup-otp"
          contact={view.contact}
          code={view.code}
          wait={view.wait}
          onBack={() => setView({ name: 'login' })}
          onVerified={(token) => setView({ name: 'details', contact: view.contact, token })}
        />
      ) : null}
      {view.name === 'details' ? (
        <DetailsView contact={view.contact} token={view.token} onDone={done} onRestart={() => setView({ name: 'login' })} request={request} />
      ) : null}
      {view.name === 'login' ? (
        <p className="mt-5 text-center text-sm text-ink-700">
          Prefer a password?{' '}
          <Link
            to={afterLogin ? `/auth/login?redirectTo=${encodeURIComponent(afterLogin)}` : '/auth/login'}
            onClick={() => closeLogin()}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Log in with password
          </Link>
        </p>
      ) : null}
    </Dialog>
  );
}

function LoginView({ onNext }: { onNext: (v: View) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseContact(value, 'dialog');
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setPending(true);
    try {
      const { data } = await authApi.requestLoginOtp(parsed.contact);
      if (String(data?.otp) === '1') {
        // No account for this contact (accounts §4.1): switch to sign-up and send a registration code.
        const reg = await authApi.requestOtp(parsed.contact);
        toast.success(MSG.otpSent);
        onNext({ name: 'signup-otp', contact: parsed.contact, code: demoCode(reg.data), wait: resendAfter(reg.data, OTP.resendSeconds.other) });
      } else {
        toast.success(MSG.otpSent);
        onNext({ name: 'otp', contact: parsed.contact, code: demoCode(data), wait: resendAfter(data, OTP.resendSeconds.login) });
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="Mobile number or e-mail"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="username"
        inputMode="email"
        data-autofocus
        error={error}
        name="contact"
      />
      <p className="mb-4 text-xs text-ink-500">We will send a one-time code. New here? We will create your account.</p>
      <Button pending={pending}>CONTINUE</Button>
    </form>
  );
}

function LoginOtpView({ contact, code, wait, onBack, onDone, request }: { contact: Contact; code: string | null; wait: number; onBack: () => void; onDone: (t: string | undefined) => void; request: LoginRequest }) {
  const queryClient = useQueryClient();
  return (
    <OtpForm
      contact={contact}
      initialCode={code}
      initialWait={wait}
      resendSeconds={OTP.resendSeconds.login}
      resend={() => authApi.requestLoginOtp(contact)}
      submit={async (otp) => {
        const result = await authApi.loginWithOtp(contact, otp);
        const { target } = await finishLogin(queryClient, result, { source: 'dialog', request });
        onDone(target);
      }}
      submitLabel="VERIFY & LOGIN"
      onChangeContact={onBack}
    />
  );
}

function SignUpOtpView({ contact, code, wait, onBack, onVerified }: { contact: Contact; code: string | null; wait: number; onBack: () => void; onVerified: (token: string) => void }) {
  return (
    <OtpForm
      contact={contact}
      initialCode={code}
      initialWait={wait}
      resendSeconds={OTP.resendSeconds.other}
      resend={() => authApi.requestOtp(contact)}
      submit={async (otp) => {
        const { token } = await authApi.verifyOtp(contact, otp, 'signup');
        onVerified(token);
      }}
      submitLabel="VERIFY"
      onChangeContact={onBack}
      notice={
        <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          No account yet for this {contact.type === 'mobile' ? 'number' : 'e-mail'}. Verify it to create one.
        </p>
      }
    />
  );
}

function DetailsView({ contact, token, onDone, onRestart, request }: { contact: Contact; token: string; onDone: (t: string | undefined) => void; onRestart: () => void; request: LoginRequest }) {
  const queryClient = useQueryClient();
  return (
    <SignUpDetailsForm
      contact={contact}
      token={token}
      onRegistered={async (result) => {
        const { target } = await finishLogin(queryClient, result, { source: 'dialog', request, isNewUser: true });
        onDone(target);
      }}
      onVerificationExpired={onRestart}
    />
  );
}
