import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';

/** A console screen's heading (also the tab title), an optional line under it and actions beside it. */
export function AdminFrame({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(`${title} · Admin`);
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-display text-2xl text-brand-800 md:text-3xl">{title}</h1>
          {intro ? <p className="mt-1 max-w-2xl text-sm text-ink-500">{intro}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Nothing to show, said in a dashed panel. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-sand-100 px-4 py-10 text-center text-sm text-ink-500">{children}</p>;
}

/** A server refusal shown inline in a form or dialog. */
export function ErrorNote({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Asks before a change that is hard to take back (delete, block); the confirm button shows the request running. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  danger = false,
  pending = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing it (say "Keep order" where "Cancel" would read as the action). */
  dismissLabel?: string;
  danger?: boolean;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="text-sm text-ink-700">{children}</div>
      <div className="mt-4">
        <ErrorNote message={error} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {dismissLabel}
        </Button>
        <Button onClick={onConfirm} disabled={pending} aria-busy={pending || undefined} className={danger ? 'bg-red-700! text-white! hover:bg-red-800!' : ''}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** The field look of the console's forms (inputs, selects and text areas). */
export const fieldClass =
  'block w-full rounded-lg border border-ink-500/40 bg-white px-3 py-2.5 text-base text-ink-900 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100';

/** Plain tab buttons (the kit's Tabs would add a chunk the home page lists; see SellerApplicationsPage). */
export function FilterTabs<K extends string>({ label, items, value, onChange, controls }: { label: string; items: Array<{ key: K; label: ReactNode }>; value: K; onChange: (k: K) => void; controls?: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-sand-100">
      {items.map((t) => (
        <button
          key={t.key || 'all'}
          type="button"
          role="tab"
          aria-selected={t.key === value}
          aria-controls={controls}
          onClick={() => onChange(t.key)}
          className={`relative shrink-0 px-4 py-3 text-sm font-semibold tracking-wider uppercase ${
            t.key === value ? 'text-brand-700 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500' : 'text-ink-500 hover:text-brand-700'
          }`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The field messages of a refused save ({field: message}), empty for other errors. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.errors : {};
}
