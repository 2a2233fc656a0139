import { checkMobile, normaliseMobile } from '@statewise/contract/validation';
import { useState, type FormEvent } from 'react';
import { errorMessage } from './api.ts';
import { Button, Field, MobileField } from './ui.tsx';
import { parseContact, type Contact } from './validators.ts';

/**
 * A mobile number and SEND OTP (/auth/request-otp, /auth/request-otp-login): the number is
 * checked first ('Please enter valid mobile number'), then `send` gets its ten digits and moves the page on; a
 * failed send shows the server's message under the field (accounts §8). The button spins until the page moves.
 */
export function MobileCodeForm({ initial, send }: { initial: string; send: (mobile: string) => Promise<void> }) {
  return <CodeForm initial={initial} allowEmail={false} send={(c) => send(c.value)} />;
}

/**
 * The same form taking a mobile or an e-mail (/auth/forgot-password): an account made with an e-mail alone has no
 * mobile to recover by, and without a password it could never delete itself (accounts §4.7).
 */
export function ContactCodeForm({ initial, send }: { initial: string; send: (contact: Contact) => Promise<void> }) {
  return <CodeForm initial={initial} allowEmail send={send} />;
}

function CodeForm({ initial, allowEmail, send }: { initial: string; allowEmail: boolean; send: (contact: Contact) => Promise<void> }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let contact: Contact;
    // Without an '@' it is a mobile, checked with the spec's mobile sentence (also for an empty field).
    if (allowEmail && value.includes('@')) {
      const parsed = parseContact(value, 'page');
      if ('error' in parsed) return setError(parsed.error);
      contact = parsed.contact;
    } else {
      const bad = checkMobile(value);
      if (bad) return setError(bad);
      contact = { type: 'mobile', value: normaliseMobile(value)! };
    }
    setError(null);
    setPending(true);
    try {
      await send(contact);
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {allowEmail ? (
        <Field label="Mobile number or e-mail" name="username" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="username" error={error} autoFocus />
      ) : (
        <MobileField value={value} onValue={setValue} error={error} autoFocus />
      )}
      <Button pending={pending}>SEND OTP</Button>
    </form>
  );
}
