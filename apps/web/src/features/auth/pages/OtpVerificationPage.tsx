import { useQueryClient } from '@tanstack/react-query';
import { OTP } from '@statewise/contract/constants';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi, demoCode, safePath } from '../api.ts';
import { finishLogin } from '../finish-login.ts';
import { contactFlow } from '../flow-store.ts';
import { OtpForm } from '../OtpForm.tsx';
import { AuthCard } from '../ui.tsx';

/**
 * Two code screens: /auth/otp-verification (sign-up: a verified code gives the token kept for the details form,
 * accounts §4.4, 60 s timer) and /auth/login-otp (login by code, 50 s at start and after a resend, §4.6).
 */
export function OtpVerificationPage({ mode }: { mode: 'signup' | 'login' }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const contact = contactFlow.contact();
  const start = mode === 'login' ? '/auth/request-otp-login' : '/auth/request-otp';
  if (!contact) return <Navigate to={start} replace />;
  const seconds = mode === 'login' ? OTP.resendSeconds.login : OTP.resendSeconds.other;
  const wait = (location.state as { wait?: number } | null)?.wait ?? seconds;

  return (
    <AuthCard title={mode === 'login' ? 'Enter your login code' : 'Verify your number'} subtitle="Check your messages for the 6-digit code.">
      <OtpForm
        contact={contact}
        initialCode={contactFlow.code()}
        initialWait={wait}
        resendSeconds={seconds}
        resend={async () => {
          const sent = mode === 'login' ? await authApi.requestLoginOtp(contact) : await authApi.requestOtp(contact);
          contactFlow.setCode(demoCode(sent.data));
          return sent;
        }}
        submit={async (otp) => {
          if (mode === 'signup') {
            const { token } = await authApi.verifyOtp(contact, otp, 'signup');
            contactFlow.saveToken(token);
            navigate(`/auth/sign-up${location.search}`, { replace: true });
            return;
          }
          const result = await authApi.loginWithOtp(contact, otp);
          contactFlow.clear();
          const { target, role } = await finishLogin(queryClient, result, { source: 'page', request: null });
          navigate(role === 'admin' ? '/' : (target ?? safePath(params.get('redirectTo')) ?? '/'), { replace: true });
        }}
        submitLabel={mode === 'login' ? 'VERIFY & LOGIN' : 'VERIFY'}
        onChangeContact={() => navigate(`${start}${location.search}`)}
      />
    </AuthCard>
  );
}
