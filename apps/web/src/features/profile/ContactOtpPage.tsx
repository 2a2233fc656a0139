import { useQueryClient } from '@tanstack/react-query';
import { OTP } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { demoCode, profileKey } from '../auth/api.ts';
import { contactFlow } from '../auth/flow-store.ts';
import { OtpForm } from '../auth/OtpForm.tsx';
import { AuthCard } from '../auth/ui.tsx';
import { profileOtpApi } from './api.ts';

/**
 * /auth/mobile-otp-verification and /auth/email-otp-verification: the code sent by Verify Mobile / Verify Email.
 * Success: Mobile Verified Successfully (or Email Verified Successfully), the profile reloads, then /profile.
 */
export function ContactOtpPage({ type }: { type: 'mobile' | 'email' }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const contact = contactFlow.contact();
  if (!contact || contact.type !== type) return <Navigate to="/edit-profile-user" replace />;
  const wait = (location.state as { wait?: number } | null)?.wait ?? OTP.resendSeconds.other;

  return (
    <AuthCard title={type === 'mobile' ? 'Verify your mobile' : 'Verify your e-mail'} subtitle="Enter the 6-digit code we sent.">
      <OtpForm
        contact={contact}
        initialCode={contactFlow.code()}
        initialWait={wait}
        resendSeconds={OTP.resendSeconds.other}
        resend={async () => {
          const sent = await profileOtpApi.request(contact);
          contactFlow.setCode(demoCode(sent.data));
          return sent;
        }}
        submit={async (otp) => {
          await profileOtpApi.verify(contact, otp);
          contactFlow.clear();
          await queryClient.invalidateQueries({ queryKey: profileKey });
          toast.success(type === 'mobile' ? MSG.mobileVerified : MSG.emailVerified);
          navigate('/profile', { replace: true });
        }}
        submitLabel="VERIFY"
        onChangeContact={() => navigate(-1)}
      />
    </AuthCard>
  );
}
