import { checkMobile, normaliseMobile } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { errorMessage } from './api.ts';
import { Button, MobileField } from './ui.tsx';

/**
 * A mobile number and SEND OTP (/auth/forgot-password, /auth/request-otp, /auth/request-otp-login): the number is
 * checked first ('Please enter valid mobile number'), then `send` gets its ten digits and moves the page on; a
 * failed send shows the server's message under the field (accounts §8). The button spins until the page moves.
 */
export function MobileCodeForm({ initial, send }: { initial: string; send: (mobile: string) => Promise<void> }) {
  const [mobile, setMobile] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = checkMobile(mobile);
    setError(bad);
    if (bad) return;
    setPending(true);
    try {
      await send(normaliseMobile(mobile)!);
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <MobileField value={mobile} onValue={setMobile} error={error} autoFocus />
      <Button pending={pending}>SEND OTP</Button>
    </form>
  );
}
