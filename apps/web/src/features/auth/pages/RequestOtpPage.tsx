import { MSG } from '@statewise/contract/messages';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authApi, demoCode } from '../api.ts';
import { contactFlow } from '../flow-store.ts';
import { MobileCodeForm } from '../MobileCodeForm.tsx';
import { AuthCard } from '../ui.tsx';

/**
 * Two screens share this form: /auth/request-otp (sign-up by mobile, accounts §4.4) and /auth/request-otp-login
 * (login by a mobile code). A login request for a number with no account (otp = 1, accounts §4.1) turns into a
 * sign-up, as the dialog does.
 */
export function RequestOtpPage({ mode }: { mode: 'signup' | 'login' }) {
  const navigate = useNavigate();
  const { search } = useLocation();

  const send = async (mobile: string) => {
    const contact = { type: 'mobile' as const, value: mobile };
    if (mode === 'login') {
      const { data } = await authApi.requestLoginOtp(contact);
      if (data?.otp !== 1) {
        contactFlow.save(contact, demoCode(data));
        toast.success(MSG.otpSent);
        navigate(`/auth/login-otp${search}`, { state: { wait: data?.resendAfter } });
        return;
      }
      toast.info(MSG.otpNoAccount);
    }
    const { data } = await authApi.requestOtp(contact);
    contactFlow.save(contact, demoCode(data));
    toast.success(MSG.otpSent);
    navigate(`/auth/otp-verification${search}`, { state: { wait: data?.resendAfter } });
  };

  const signup = mode === 'signup';
  return (
    <AuthCard
      title={signup ? 'Create your account' : 'Login with OTP'}
      subtitle={signup ? 'Start with your mobile number. We will send a code to verify it.' : 'We will send a one-time code to your mobile number.'}
      footer={
        signup ? (
          <>
            Already have an account?{' '}
            <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
              Log in
            </Link>
          </>
        ) : (
          <>
            Prefer a password?{' '}
            <Link to={`/auth/login${search}`} className="font-semibold text-brand-700 hover:underline">
              Log in with password
            </Link>
          </>
        )
      }
    >
      <MobileCodeForm initial={contactFlow.contact()?.value ?? ''} send={send} />
    </AuthCard>
  );
}
