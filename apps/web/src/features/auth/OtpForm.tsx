import { MSG } from '@statewise/contract/messages';
import { checkOtp } from '@statewise/contract/validation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { demoCode, errorMessage, resendAfter, type OtpSent } from './api.ts';
import { Button, DemoCodeHint, OtpField, ResendRow, sentToLabel } from './ui.tsx';
import { useCountdown } from './useCountdown.ts';
import type { Contact } from './validators.ts';

/**
 * Code entry with the resend countdown (accounts §4.6), used by the dialog and every /auth code page:
 * the code must be 6 digits before anything is sent; a refused code shows the server's sentence under the field.
 */
export function OtpForm({
  contact,
  initialCode,
  initialWait,
  resendSeconds,
  resend,
  submit,
  submitLabel,
  onChangeContact,
  notice,
}: {
  contact: Contact;
  /** The code the demo server echoed with the first send. */
  initialCode: string | null;
  /** Seconds before the first resend. */
  initialWait: number;
  /** Countdown after a resend when the server does not say (50 on login code screens, 60 elsewhere). */
  resendSeconds: number;
  resend: () => Promise<{ data: OtpSent }>;
  /** Throws to show its message under the field. */
  submit: (otp: string) => Promise<void>;
  submitLabel: string;
  onChangeContact?: () => void;
  notice?: ReactNode;
}) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const [code, setCode] = useState(initialCode);
  const timer = useCountdown(initialWait);

  const onResend = async () => {
    setResending(true);
    try {
      const { data } = await resend();
      setCode(demoCode(data));
      toast.success(MSG.otpResent);
      timer.restart(resendAfter(data, resendSeconds));
      setError(null);
      setOtp('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setResending(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = checkOtp(otp);
    if (bad) return setError(bad);
    setError(null);
    setPending(true);
    try {
      await submit(otp);
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {notice}
      <p className="mb-4 text-sm text-ink-700">
        Code sent to <strong className="text-ink-900">{sentToLabel(contact.type, contact.value)}</strong>
        {onChangeContact ? (
          <button type="button" onClick={onChangeContact} className="ml-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
            Change
          </button>
        ) : null}
      </p>
      <DemoCodeHint code={code} />
      <OtpField value={otp} onChange={setOtp} error={error} />
      <ResendRow seconds={timer.seconds} onResend={onResend} pending={resending} />
      <Button pending={pending}>{submitLabel}</Button>
    </form>
  );
}
