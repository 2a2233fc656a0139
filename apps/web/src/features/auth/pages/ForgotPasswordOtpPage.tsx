import { OTP } from '@statewise/contract/constants';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authApi, demoCode } from '../api.ts';
import { forgotFlow } from '../flow-store.ts';
import { OtpForm } from '../OtpForm.tsx';
import { AuthCard } from '../ui.tsx';

/** /auth/forgot-password-otp: the reset code; a verified code gives the reset token (accounts §4.5). */
export function ForgotPasswordOtpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const contact = forgotFlow.contact();
  if (!contact) return <Navigate to="/auth/forgot-password" replace />;
  const wait = (location.state as { wait?: number } | null)?.wait ?? OTP.resendSeconds.other;

  return (
    <AuthCard title="Enter the code" subtitle={`Check your ${contact.type === 'email' ? 'e-mail' : 'messages'} for the 6-digit code.`}>
      <OtpForm
        contact={contact}
        initialCode={forgotFlow.code()}
        initialWait={wait}
        resendSeconds={OTP.resendSeconds.other}
        resend={async () => {
          const sent = await authApi.forgetPasswordRequestOtp(contact);
          forgotFlow.setCode(demoCode(sent.data));
          return sent;
        }}
        submit={async (otp) => {
          const { token } = await authApi.verifyOtp(contact, otp, 'reset');
          forgotFlow.saveToken(token);
          navigate('/auth/resetPassword', { replace: true });
        }}
        submitLabel="VERIFY"
        onChangeContact={() => navigate('/auth/forgot-password')}
      />
    </AuthCard>
  );
}
