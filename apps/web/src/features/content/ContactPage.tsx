import { CONTACT_LIMITS, CONTACT_SUBJECTS } from '@statewise/contract/schemas/content';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Page } from '../../components/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { useProfile } from '../auth/api.ts';
import { Field } from '../auth/ui.tsx';
import { useContactUs } from './api.ts';
import { checkContact, EMPTY_CONTACT, type ContactDraft, type ContactField } from './contact-form.ts';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink-900 outline-none transition placeholder:text-ink-500 focus:ring-2';
const controlTone = (error?: string) => (error ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100');

/**
 * /contact-us (accounts §2.9, §5 Contact form, §7 user/contactUs): full name, e-mail, subject and query, each
 * refusal beside its field in the spec's words; a server refusal is alerted (§8) and said on the page; success
 * (201) replaces the form with the server's thank-you and a way to write again. A signed-in sender's name and
 * e-mail are filled in.
 */
export default function ContactPage() {
  usePageTitle('Contact Us');
  const profile = useProfile();
  const send = useContactUs();
  // What the sender typed; a signed-in sender's name and e-mail fill the fields they have not touched.
  const [edited, setEdited] = useState<Partial<ContactDraft>>({});
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = { subject: useId(), description: useId() };
  const p = profile.data;
  const draft: ContactDraft = {
    ...EMPTY_CONTACT,
    ...(p ? { fullName: [p.firstname, p.lastname].filter(Boolean).join(' '), email: p.email ?? '' } : {}),
    ...edited,
  };

  const set = (field: ContactField, value: string) => {
    setEdited((d) => ({ ...d, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkContact(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      form.current?.querySelector<HTMLElement>(`[name="${checked.first}"]`)?.focus();
      return;
    }
    send.mutate(checked.body, {
      onSuccess: (message) => {
        setSent(message);
        setEdited({ fullName: draft.fullName, email: draft.email });
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors as Partial<Record<ContactField, string>>);
        toast.error(err.message);
      },
    });
  };

  return (
    <Page width="max-w-5xl">
      <div className="grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">We are here to help</p>
          <h1 className="mt-1 font-display text-3xl text-brand-800 md:text-4xl">Contact Us</h1>
          <p className="mt-4 text-ink-700">
            Questions about an order, a return, selling on Statewise or a bulk or customised purchase: write to us and we will answer by e-mail,
            usually within a working day.
          </p>
          <p className="mt-4 text-sm text-ink-700">
            Quick answers are in the{' '}
            <Link to="/FAQ" className="font-semibold text-brand-700 underline">
              FAQ
            </Link>
            ; the status of an order is under{' '}
            <Link to="/orders" className="font-semibold text-brand-700 underline">
              Your Orders
            </Link>
            .
          </p>
        </div>

        <div className="rounded-2xl bg-white p-5 shadow-sm md:p-8">
          {sent !== null ? (
            <div role="status" className="text-center">
              <p className="font-display text-2xl text-leaf-600">Message sent</p>
              <p className="mt-2 text-ink-700">{sent}</p>
              <Button className="mt-6" variant="secondary" onClick={() => setSent(null)}>
                Write another message
              </Button>
            </div>
          ) : (
            <form ref={form} noValidate onSubmit={submit} aria-label="Contact form">
              <Field
                label="Full name"
                name="fullName"
                autoComplete="name"
                maxLength={CONTACT_LIMITS.fullName}
                value={draft.fullName}
                error={errors.fullName}
                onChange={(e) => set('fullName', e.target.value)}
              />
              <Field
                label="E-mail"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={draft.email}
                error={errors.email}
                onChange={(e) => set('email', e.target.value.toLowerCase())}
              />
              <div className="mb-4">
                <label htmlFor={ids.subject} className="mb-1 block text-sm font-medium text-ink-900">
                  Subject
                </label>
                <select
                  id={ids.subject}
                  name="subject"
                  value={draft.subject}
                  aria-invalid={errors.subject ? true : undefined}
                  aria-describedby={errors.subject ? `${ids.subject}-error` : undefined}
                  onChange={(e) => set('subject', e.target.value)}
                  className={`${CONTROL} ${controlTone(errors.subject)}`}
                >
                  <option value="">Choose a subject</option>
                  {CONTACT_SUBJECTS.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
                {errors.subject ? (
                  <p id={`${ids.subject}-error`} role="alert" className="mt-1 text-sm text-red-700">
                    {errors.subject}
                  </p>
                ) : null}
              </div>
              <div className="mb-4">
                <label htmlFor={ids.description} className="mb-1 block text-sm font-medium text-ink-900">
                  Your query
                </label>
                <textarea
                  id={ids.description}
                  name="description"
                  rows={6}
                  maxLength={CONTACT_LIMITS.description}
                  value={draft.description}
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={errors.description ? `${ids.description}-error` : `${ids.description}-count`}
                  onChange={(e) => set('description', e.target.value)}
                  className={`${CONTROL} ${controlTone(errors.description)} resize-y`}
                />
                {errors.description ? (
                  <p id={`${ids.description}-error`} role="alert" className="mt-1 text-sm text-red-700">
                    {errors.description}
                  </p>
                ) : (
                  <p id={`${ids.description}-count`} className="mt-1 text-right text-xs text-ink-500">
                    {draft.description.length.toLocaleString('en-IN')} / {CONTACT_LIMITS.description.toLocaleString('en-IN')}
                  </p>
                )}
              </div>
              <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send message'}
              </Button>
            </form>
          )}
        </div>
      </div>
    </Page>
  );
}
