import { MSG } from '@statewise/contract/messages';
import { digitsOnly } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api.ts';
import { authApi, errorMessage, type LoginResult } from './api.ts';
import { Button, Field } from './ui.tsx';
import { checkSignUpDetails, hasErrors, type Contact, type SignUpDetails } from './validators.ts';

/**
 * The sign-up details (accounts §4.2, §4.4): first and last name, mobile and e-mail, the verified contact
 * read-only. Registers with the verification token, then hands the login to `onRegistered`.
 */
export function SignUpDetailsForm({
  contact,
  token,
  onRegistered,
  onVerificationExpired,
}: {
  contact: Contact;
  token: string;
  onRegistered: (result: LoginResult) => Promise<void>;
  /** The verification token is no longer good: start again. */
  onVerificationExpired: () => void;
}) {
  const [form, setForm] = useState<SignUpDetails>(() => ({
    firstname: '',
    lastname: '',
    mobile: contact.type === 'mobile' ? contact.value : '',
    email: contact.type === 'email' ? contact.value : '',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof SignUpDetails, string>>>({});
  const [pending, setPending] = useState(false);

  const set = (k: keyof SignUpDetails) => (e: { target: { value: string } }) => {
    // Accounts §5: the mobile takes digits only (max 10); the e-mail is lowercased as it is typed.
    const v = k === 'mobile' ? digitsOnly(e.target.value) : k === 'email' ? e.target.value.toLowerCase() : e.target.value;
    setForm((f) => ({ ...f, [k]: v }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkSignUpDetails(form, contact.type);
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      const result = await authApi.register({
        type: contact.type,
        firstname: form.firstname.trim(),
        lastname: form.lastname.trim(),
        ...(form.mobile ? { mobile: form.mobile } : {}),
        ...(form.email.trim() ? { email: form.email.trim() } : {}),
        otpVerificationCode: token,
      });
      await onRegistered(result);
    } catch (err) {
      setPending(false);
      // Accounts §8: the error object inline, the message as an alert.
      if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors as typeof errors);
      toast.error(errorMessage(err));
      if (err instanceof ApiError && (err.message === MSG.verificationExpired || err.message === MSG.verificationRequired)) onVerificationExpired();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
        <Field label="First name" name="firstname" value={form.firstname} onChange={set('firstname')} autoComplete="given-name" error={errors.firstname} autoFocus />
        <Field label="Last name" name="lastname" value={form.lastname} onChange={set('lastname')} autoComplete="family-name" error={errors.lastname} />
      </div>
      <Field
        label={contact.type === 'mobile' ? 'Mobile number' : 'Mobile number (optional)'}
        name="mobile"
        value={form.mobile}
        onChange={set('mobile')}
        readOnly={contact.type === 'mobile'}
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.mobile}
      />
      <Field
        label={contact.type === 'email' ? 'E-mail' : 'E-mail (optional)'}
        name="email"
        type="email"
        value={form.email}
        onChange={set('email')}
        readOnly={contact.type === 'email'}
        autoComplete="email"
        error={errors.email}
      />
      <Button pending={pending}>SIGN UP</Button>
    </form>
  );
}
