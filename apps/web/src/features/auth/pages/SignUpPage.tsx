import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safePath } from '../api.ts';
import { finishLogin } from '../finish-login.ts';
import { contactFlow } from '../flow-store.ts';
import { SignUpDetailsForm } from '../SignUpDetailsForm.tsx';
import { AuthCard } from '../ui.tsx';

/** /auth/sign-up: the details form after the code is verified; registers and logs in (accounts §4.4). */
export function SignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const contact = contactFlow.contact();
  const token = contactFlow.token();
  if (!contact || !token) return <Navigate to="/auth/request-otp" replace />;

  return (
    <AuthCard title="Almost there" subtitle="Tell us your name to finish creating your account.">
      <SignUpDetailsForm
        contact={contact}
        token={token}
        onRegistered={async (result) => {
          contactFlow.clear();
          const { target } = await finishLogin(queryClient, result, { source: 'page', request: null, isNewUser: true });
          navigate(target ?? safePath(params.get('redirectTo')) ?? '/', { replace: true });
        }}
        onVerificationExpired={() => {
          contactFlow.clear();
          navigate('/auth/request-otp', { replace: true });
        }}
      />
    </AuthCard>
  );
}
