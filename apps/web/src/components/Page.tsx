import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './ui/Button.tsx';

/**
 * Scaffolding the account-area screens share (saved addresses, orders, wallet, profile, reviews): a centred
 * column with a back link above, a card that holds a form with its heading, and the two ways a failed load
 * offers Try again.
 *
 *   <Page back={{ to: '/profile', label: 'My account' }} width="max-w-4xl">…</Page>
 *   <CardPage title="Edit Address" back={{ to: '/saved-address', label: 'Saved addresses' }}>…</CardPage>
 */

export interface BackTo {
  to: string;
  /** Shown after an arrow: '← My account'. */
  label: string;
}

export function Page({ back, width = 'max-w-5xl', children }: { back?: BackTo; width?: string; children: ReactNode }) {
  return (
    <section className={`mx-auto w-full ${width} px-4 py-6 md:py-10`}>
      {back ? (
        <nav className="mb-4 text-sm">
          <Link to={back.to} className="font-medium text-brand-700 hover:underline">
            ← {back.label}
          </Link>
        </nav>
      ) : null}
      {children}
    </section>
  );
}

/** A narrow page whose content sits in one bordered card under its heading (the address, profile and review forms). */
export function CardPage({ title, back, children }: { title: ReactNode; back?: BackTo; children: ReactNode }) {
  return (
    <Page back={back} width="max-w-2xl">
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm md:p-8">
        <h1 className="mb-6 font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
        {children}
      </div>
    </Page>
  );
}

/** A failed load said in a white panel, with a Try again link after the sentence. */
export function RetryNote({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded-2xl bg-white px-6 py-16 text-center text-ink-700">
      {message}{' '}
      <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onRetry()}>
        Try again
      </button>
    </p>
  );
}

/** A failed load said in a white panel, with a Try again button under the sentence. */
export function RetryPanel({ message, onRetry, className = '' }: { message: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={`rounded-2xl bg-white p-8 text-center ${className}`}>
      <p className="text-ink-700">{message}</p>
      <Button variant="outline" className="mt-4" onClick={() => onRetry()}>
        Try again
      </Button>
    </div>
  );
}
