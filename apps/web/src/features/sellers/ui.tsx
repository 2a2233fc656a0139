import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-head.tsx';

/** The seller forms' frame: wider than the auth card (two columns from 768 px), same look. */
export function SellerFormCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 md:py-12">
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm md:p-8">
        <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Sell on Statewise</p>
        <h1 className="mt-1 font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-ink-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** A titled group of fields (Business, GST, Billing address…). */
export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <fieldset className="mb-6 border-t border-sand-100 pt-5 first:border-t-0 first:pt-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <legend className="font-display text-lg text-brand-800">{title}</legend>
        {aside}
      </div>
      {children}
    </fieldset>
  );
}

/** Two fields side by side from 768 px. */
export function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-x-4 md:grid-cols-2">{children}</div>;
}

/** A message under a group that is not one input (checkbox groups, avatar, terms). */
export function GroupError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A pill that is a checkbox (categories). */
export function CheckPill({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label
      className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200 ${
        checked ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-ink-500/30 bg-white text-ink-700 hover:border-brand-300'
      }`}
    >
      <input type="checkbox" className="sr-only" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span aria-hidden className={`grid size-4 place-items-center rounded-sm border ${checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-ink-500/50'}`}>
        {checked ? '✓' : ''}
      </span>
      {label}
    </label>
  );
}
