import { digitsOnly } from '@statewise/contract/validation';
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/Button.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { formatCountdown } from './useCountdown.ts';

/** Form pieces shared by the login dialog, the /auth pages and profile editing. */

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 md:py-16">
      <div className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm md:p-8">
        <h1 className="font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-ink-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-ink-700">{footer}</div> : null}
    </section>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shown inside the field's right edge (a button such as show/hide or Verify). */
  trailing?: ReactNode;
};

export function Field({ label, error, hint, trailing, className, ...input }: InputProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className ?? 'mb-4'}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
          className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink-900 outline-none transition placeholder:text-ink-500 focus:ring-2 disabled:bg-sand-100 disabled:text-ink-700 read-only:bg-sand-100 read-only:text-ink-700 ${
            error ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100'
          } ${trailing ? 'pr-24' : ''}`}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A 10-digit mobile input (accounts §5, shopping §5 address forms): digits only as typed or pasted, the numeric
 * keypad, the phone's autofill; `onValue` gets the digits. Label, name and the rest may be overridden.
 */
export function MobileField({ onValue, label = 'Mobile number', ...input }: Omit<InputProps, 'label' | 'onChange' | 'type'> & { label?: string; onValue: (digits: string) => void }) {
  return (
    <Field
      label={label}
      name="mobile"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="10-digit mobile number"
      {...input}
      onChange={(e) => onValue(digitsOnly(e.target.value))}
    />
  );
}

export function PasswordField(props: Omit<InputProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

/** The 6-digit code field: digits only, the phone's one-time-code autofill. */
export function OtpField({ value, onChange, error, label = 'Enter the 6-digit code', autoFocus = true }: { value: string; onChange: (v: string) => void; error?: string | null; label?: string; autoFocus?: boolean }) {
  return (
    <Field
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      placeholder="••••••"
      autoFocus={autoFocus}
      error={error}
      style={{ letterSpacing: '0.5em' }}
    />
  );
}

/**
 * A form's submit button (the kit's button look), full width by default, with a spinner while its request runs.
 * `danger` is the red of destructive actions (Delete Account).
 */
export function Button({
  pending,
  children,
  variant = 'primary',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; variant?: 'primary' | 'outline' | 'danger' }) {
  const look = variant === 'danger' ? buttonClass('ghost', 'lg', 'bg-red-700 text-white! hover:bg-red-800!') : buttonClass(variant, 'lg');
  return (
    <button type="submit" {...rest} disabled={rest.disabled || pending} aria-busy={pending || undefined} className={`${look} ${className ?? 'w-full'}`}>
      {pending ? <span className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden /> : null}
      {children}
    </button>
  );
}

/** A server refusal shown above the form's button. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** "Resend code in 0:42", then a Resend button (accounts §4.6). */
export function ResendRow({ seconds, onResend, pending }: { seconds: number; onResend: () => void; pending?: boolean }) {
  return (
    <div className="mb-4 flex items-center justify-between text-sm">
      <span className="text-ink-700" aria-live="polite">
        {seconds > 0 ? `Resend code in ${formatCountdown(seconds)}` : "Didn't get the code?"}
      </span>
      <button
        type="button"
        onClick={onResend}
        disabled={seconds > 0 || pending}
        className="rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-500 disabled:hover:bg-transparent"
      >
        {pending ? 'Sending…' : 'Resend OTP'}
      </button>
    </div>
  );
}

/** In demo mode the server echoes the code (API.md); say so, since no SMS or e-mail is really sent. */
export function DemoCodeHint({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  return (
    <p className="mb-4 rounded-lg bg-saffron-300/30 px-3 py-2 text-sm text-ink-900" data-testid="demo-otp">
      Demo mode: your code is <strong className="font-mono tracking-widest">{code}</strong>
    </p>
  );
}

/** "Code sent to 98765 43210" */
export function sentToLabel(type: 'mobile' | 'email', value: string): string {
  return type === 'mobile' ? `+91 ${value.slice(0, 5)} ${value.slice(5)}` : value;
}
