import { MSG } from '@statewise/contract/messages';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authApi, demoCode } from '../api.ts';
import { forgotFlow } from '../flow-store.ts';
import { MobileCodeForm } from '../MobileCodeForm.tsx';
import { AuthCard } from '../ui.tsx';

/** /auth/forgot-password: the mobile to send a reset code to (accounts §4.5). */
export function ForgotPasswordPage() {
  const navigate = useNavigate();

  const send = async (mobile: string) => {
    const { data } = await authApi.forgetPasswordRequestOtp(mobile);
    forgotFlow.save(mobile, demoCode(data));
    toast.success(MSG.otpSent);
    navigate('/auth/forgot-password-otp', { state: { wait: data?.resendAfter } });
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the mobile number of your account. We will send a code to set a new password."
      footer={
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Back to login
        </Link>
      }
    >
      <MobileCodeForm initial={forgotFlow.mobile() ?? ''} send={send} />
    </AuthCard>
  );
}
