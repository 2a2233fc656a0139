import { MSG } from '@statewise/contract/messages';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authApi, demoCode } from '../api.ts';
import { forgotFlow } from '../flow-store.ts';
import { ContactCodeForm } from '../MobileCodeForm.tsx';
import type { Contact } from '../validators.ts';
import { AuthCard } from '../ui.tsx';

/**
 * /auth/forgot-password: where to send a reset code (accounts §4.5). The spec asks for a mobile; we take an
 * e-mail too, so an account made with an e-mail alone can set a password (and so delete itself, §4.7).
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();

  const send = async (contact: Contact) => {
    const { data } = await authApi.forgetPasswordRequestOtp(contact);
    forgotFlow.save(contact, demoCode(data));
    toast.success(MSG.otpSent);
    navigate('/auth/forgot-password-otp', { state: { wait: data?.resendAfter } });
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the mobile number or e-mail of your account. We will send a code to set a new password."
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Back to login
        </Link>
      }
    >
      <ContactCodeForm initial={forgotFlow.contact()?.value ?? ''} send={send} />
    </AuthCard>
  );
}
