import { useId } from 'react';
import { formatINR } from '@statewise/contract/format';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import type { WalletCash } from './rules.ts';

/**
 * "Use wallet cash" (shopping §2 Checkout, §4, §9): a switch, off by default. When the rule says no, the switch is
 * disabled and the reason ('Wallet balance must be at least ₹300 to use', 'Order total must exceed ₹500 to use
 * wallet') is its tooltip and is also written under it, so a phone (no hover) shows it too.
 */
export function WalletCashToggle({
  balance,
  loading,
  failed,
  cash,
  on,
  onChange,
  disabled = false,
}: {
  balance: number | null;
  loading: boolean;
  failed: boolean;
  cash: WalletCash;
  on: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (loading) return <Skeleton className="h-14 w-full rounded-xl" />;
  if (failed || balance === null) return <p className="rounded-xl bg-sand-50 px-3 py-2 text-xs text-ink-500">Your wallet balance could not be loaded, so wallet cash cannot be used right now.</p>;
  const usable = cash.usable && !disabled;
  const checked = on && cash.usable;
  return (
    <div className="rounded-xl border border-sand-100 bg-sand-50 px-3 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="min-w-0 text-sm">
          <span className="block font-semibold text-ink-900">Use wallet cash</span>
          <span className="block text-xs text-ink-500">Balance {formatINR(balance)}</span>
        </label>
        <span className="group relative inline-flex" title={cash.reason ?? undefined}>
          <button
            id={id}
            type="button"
            role="switch"
            aria-checked={checked}
            aria-describedby={cash.reason ? `${id}-why` : undefined}
            disabled={!usable}
            onClick={() => onChange(!checked)}
            className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50 ${checked ? 'bg-leaf-600' : 'bg-ink-500/40'}`}
          >
            <span className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : ''}`} />
          </button>
          {cash.reason ? (
            <span
              role="tooltip"
              className="pointer-events-none absolute right-0 bottom-full z-10 mb-2 hidden w-56 rounded-lg bg-ink-900 px-3 py-2 text-xs text-white shadow-lg group-hover:block"
            >
              {cash.reason}
            </span>
          ) : null}
        </span>
      </div>
      {cash.reason ? (
        <p id={`${id}-why`} className="mt-1.5 text-xs font-medium text-saffron-700">
          {cash.reason}
        </p>
      ) : checked ? (
        <p className="mt-1.5 text-xs font-medium text-leaf-600">{formatINR(cash.amount)} from your wallet will be used</p>
      ) : null}
    </div>
  );
}
