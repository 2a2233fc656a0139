import { MSG } from '@statewise/contract/messages';
import { checkConfirmPassword, checkNewPassword } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { authApi, errorMessage } from '../api.ts';
import { forgotFlow } from '../flow-store.ts';
import { AuthCard, Button, PasswordField } from '../ui.tsx';

const VERIFICATION_GONE = new Set<string>([MSG.verificationExpired, MSG.verificationMismatch]);

/** /auth/resetPassword: new password and confirmation, then login (accounts §4.5). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [pending, setPending] = useState(false);
  const contact = forgotFlow.contact();
  const token = forgotFlow.token();
  if (!contact || !token) return <Navigate to="/auth/forgot-password" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { password: checkNewPassword(password), confirm: checkConfirmPassword(password, confirm) };
    setErrors(found);
    if (found.password || found.confirm) return;
    setPending(true);
    try {
      const res = await authApi.resetPassword(contact, token, password);
      forgotFlow.clear();
      toast.success(res.message ?? MSG.passwordResetDone);
      navigate('/auth/login', { replace: true });
    } catch (err) {
      setPending(false);
      // Accounts §8: a reset failure is an alert with the server's message.
      toast.error(errorMessage(err));
      if (err instanceof ApiError && err.errors.password) setErrors({ password: err.errors.password });
      if (err instanceof ApiError && (err.status === 401 || VERIFICATION_GONE.has(err.message))) {
        // The verification token expired, was used or is for another contact: verify a new code.
        forgotFlow.clear();
        navigate('/auth/forgot-password', { replace: true });
      }
    }
  };

  return (
    <AuthCard title="Set a new password" subtitle="At least 8 characters, with a letter and a digit.">
      <form onSubmit={submit} noValidate>
        <PasswordField label="New password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" error={errors.password} autoFocus />
        <PasswordField label="Confirm password" name="confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" error={errors.confirm} />
        <Button pending={pending}>RESET PASSWORD</Button>
      </form>
    </AuthCard>
  );
}
