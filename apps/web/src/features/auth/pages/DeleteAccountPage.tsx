import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@statewise/contract/messages';
import { checkEmail, checkMobile, checkPasswordPresent, digitsOnly, normaliseMobile } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authApi, errorMessage, useProfile } from '../api.ts';
import { forgetEverything } from '../logout.ts';
import { AuthCard, Button, Field, PasswordField } from '../ui.tsx';
import type { Contact } from '../validators.ts';

/**
 * /auth/delete-account: mobile and password, button Delete (accounts §2.2, §4.7). An account with an e-mail but
 * no mobile confirms with its e-mail instead (the server takes either).
 */
export function DeleteAccountPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const profile = useProfile().data;
  const byEmail = Boolean(profile && !profile.mobile && profile.email);
  const [contact, setContact] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ contact?: string | null; password?: string | null }>({});
  const [pending, setPending] = useState(false);
  const shown = contact ?? (byEmail ? (profile?.email ?? '') : (profile?.mobile ?? ''));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      contact: byEmail ? checkEmail(shown) : checkMobile(shown),
      password: checkPasswordPresent(password) ? MSG.newPasswordRequired : null,
    };
    setErrors(found);
    if (found.contact || found.password) return;
    const target: Contact = byEmail ? { type: 'email', value: shown.trim().toLowerCase() } : { type: 'mobile', value: normaliseMobile(shown)! };
    setPending(true);
    try {
      const { data } = await authApi.deleteAccount(target, password);
      if (data?.message?.status !== true) {
        setPending(false);
        toast.error(MSG.invalidUser);
        return;
      }
      toast.success(MSG.accountDeleted);
      forgetEverything(queryClient);
      navigate('/auth/login', { replace: true });
    } catch (err) {
      setPending(false);
      toast.error(errorMessage(err));
    }
  };

  return (
    <AuthCard
      title="Delete account"
      subtitle="Your account and personal details will be removed for good. This cannot be undone."
      footer={
        <Link to="/profile" className="font-semibold text-brand-700 hover:underline">
          Keep my account
        </Link>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={byEmail ? 'E-mail' : 'Mobile number'}
          name="contact"
          value={shown}
          onChange={(e) => setContact(byEmail ? e.target.value : digitsOnly(e.target.value))}
          inputMode={byEmail ? 'email' : 'numeric'}
          autoComplete="username"
          error={errors.contact}
        />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          error={errors.password}
          hint={
            profile && !profile.hasPassword ? (
              <>
                No password yet? <Link to="/auth/forgot-password" className="font-medium text-brand-700 hover:underline">Set one with Forgot Password</Link>.
              </>
            ) : undefined
          }
        />
        <Button pending={pending} variant="danger">
          DELETE
        </Button>
      </form>
    </AuthCard>
  );
}
