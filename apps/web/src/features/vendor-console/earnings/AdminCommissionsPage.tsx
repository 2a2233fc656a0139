import { MSG } from '@statewise/contract/messages';
import { COMMISSION, commissionPercent, type CommissionCategory } from '@statewise/contract/schemas/earnings';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { useCommissions, useSetCommission } from './api.ts';

/**
 * /admin/commissions (role admin; ADR 017): every category with the marketplace's commission, editable in place
 * (0–50 %, two decimals). A new rate applies to orders placed from then on; the change is audit-logged by the server.
 * Standalone for now; it moves into the admin console's layout when that exists.
 */
export function AdminCommissionsPage() {
  usePageTitle('Commission rates');
  const list = useCommissions();
  return (
    <section className="w-full max-w-3xl">
      <p className="text-xs font-semibold tracking-[0.2em] text-saffron-700 uppercase">Admin</p>
      <h1 className="font-display text-2xl text-brand-800 md:text-3xl">Commission rates</h1>
      <p className="mt-2 text-sm text-ink-500">
        What the marketplace keeps of each sale, by category ({COMMISSION.minPercent}–{COMMISSION.maxPercent}%). A new rate applies to orders placed
        from now on; orders already placed keep theirs.
      </p>
      <div className="mt-5">
        {list.isPending ? (
          <Skeleton className="h-72 w-full rounded-2xl" />
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : (
          <div className="overflow-hidden rounded-2xl border border-sand-100 bg-white shadow-sm">
            <table className="w-full text-sm">
              <caption className="sr-only">Commission by category</caption>
              <thead className="bg-sand-100/50 text-left text-xs tracking-wider text-ink-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Category</th>
                  <th scope="col" className="px-4 py-3">Commission</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-100">
                {list.data.categories.map((c) => (
                  <RateRow key={c._id} category={c} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function RateRow({ category }: { category: CommissionCategory }) {
  const save = useSetCommission();
  const [draft, setDraft] = useState(String(category.commissionPercent));
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const changed = draft.trim() !== String(category.commissionPercent);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // the contract's own check, so the message is the server's
    const parsed = commissionPercent.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.commissionPercentRequired);
    setError(null);
    save.mutate(
      { categoryId: category._id, percent: draft.trim() },
      {
        onSuccess: (res) => {
          setDraft(String(res.data.commissionPercent));
          toast.success(`${category.name}: ${res.data.commissionPercent}%. ${res.message ?? MSG.commissionUpdated}`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <tr>
      <th scope="row" className="w-full px-4 py-3 text-left align-top font-medium text-ink-900">
        <label htmlFor={inputId}>{category.name}</label>
        {category.isHidden ? <span className="ml-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-normal text-ink-500">hidden</span> : null}
      </th>
      <td className="px-4 py-2 align-top">
        <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label={`Commission for ${category.name}`}>
          <div className="flex items-center gap-2">
            <span className="relative">
              <input
                id={inputId}
                inputMode="decimal"
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={`min-h-11 w-24 rounded-lg border bg-white py-2 pr-7 pl-3 text-right text-base outline-none focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-600' : 'border-ink-500/40 focus:border-brand-600'}`}
              />
              <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-500">
                %
              </span>
            </span>
            <Button type="submit" size="sm" variant={changed ? 'primary' : 'outline'} disabled={save.isPending || !changed} className="min-h-11">
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="basis-full text-xs text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      </td>
    </tr>
  );
}
