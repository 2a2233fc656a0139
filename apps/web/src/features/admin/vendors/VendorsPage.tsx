import { formatDate } from '@statewise/contract/format';
import { ADMIN_STORES_PAGE_SIZE, STORE_SEARCH_MAX, SUSPEND_REASON_MAX, type AdminStore } from '@statewise/contract/schemas/moderation';
import { MSG } from '@statewise/contract/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { AdminFrame, ConfirmDialog, EmptyNote, fieldClass, FilterTabs } from '../ui.tsx';
import { useAdminStores, useStoreAction, type StoreFilters } from './api.ts';
import { useListParams } from '../../../lib/use-list-params.ts';

const STATE_TABS: Array<{ key: StoreFilters['state']; label: string }> = [
  { key: '', label: 'All' },
  { key: 'live', label: 'Live' },
  { key: 'suspended', label: 'Suspended' },
];

/**
 * /admin/vendors (role admin; ADR 025): every approved store, newest first, searched by brand, seller, slug, mobile
 * or e-mail and filtered live or suspended (all in the address bar). Suspending asks for the reason the vendor
 * will read; restoring puts the store's products back on the site.
 */
export default function VendorsPage() {
  const { q, page, get, set, draft, setDraft, onSearch } = useListParams();
  const stateParam = get('state');
  const state = (STATE_TABS.some((t) => t.key === stateParam) ? stateParam : '') as StoreFilters['state'];
  const list = useAdminStores({ q, state, page });
  const [acting, setActing] = useState<AdminStore | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const action = useStoreAction();

  const open = (s: AdminStore) => {
    action.reset();
    setReason('');
    setReasonError(null);
    setActing(s);
  };
  const close = () => setActing(null);
  const onConfirm = async () => {
    if (!acting) return;
    const suspend = acting.state === 'live';
    if (suspend && !reason.trim()) {
      setReasonError(MSG.suspendReasonRequired);
      return;
    }
    try {
      const res = await action.mutateAsync(suspend ? { id: acting._id, suspend: true, reason: reason.trim() } : { id: acting._id, suspend: false });
      toast.success(res.message ?? (suspend ? MSG.storeSuspended : MSG.storeRestored));
      setActing(null);
    } catch {
      // shown in the dialog
    }
  };

  const actingName = acting ? acting.brandName || acting.sellerName : '';

  return (
    <AdminFrame title="Vendors" intro="Every store on the marketplace. Suspend one to take its products off the site (its open orders go on); restore it to bring them back.">
      <FilterTabs label="Store state" items={STATE_TABS} value={state} onChange={(k) => set({ state: k })} controls="stores-panel" />
      <form role="search" aria-label="Search vendors" onSubmit={onSearch} className="mt-4 flex w-full min-w-0 gap-2">
        <label htmlFor="admin-store-search" className="sr-only">
          Search by brand, seller, store address, mobile or e-mail
        </label>
        <input
          id="admin-store-search"
          type="search"
          value={draft}
          maxLength={STORE_SEARCH_MAX}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Brand, seller, mobile or e-mail"
          className="min-h-11 min-w-0 flex-1 rounded-full border border-ink-500/40 px-4 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <button type="submit" className={buttonClass('primary', 'md')}>
          Search
        </button>
      </form>

      <div id="stores-panel" role="tabpanel" className="mt-4">
        {list.isPending ? (
          <div className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : list.data.stores.length === 0 ? (
          <EmptyNote>{q ? `No store matches “${q}”.` : state === 'suspended' ? 'No store is suspended.' : 'No stores.'}</EmptyNote>
        ) : (
          <>
            <p className="mb-2 text-sm text-ink-500" aria-live="polite">
              {list.data.count === 1 ? '1 store' : `${list.data.count.toLocaleString('en-IN')} stores`}
            </p>
            <ul aria-label="Stores" className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
              {list.data.stores.map((s) => {
                const name = s.brandName || s.sellerName;
                return (
                  <li key={s._id} aria-label={name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                    <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <Link to={`/store/${s.vendorSlug}`} className="truncate font-semibold text-ink-900 hover:text-brand-700 hover:underline">
                          {name}
                        </Link>
                        {s.state === 'suspended' ? (
                          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">Suspended</span>
                        ) : (
                          <span className="rounded-full bg-leaf-600/10 px-2 py-0.5 text-xs font-semibold text-leaf-600">Live</span>
                        )}
                        {s.accountBlocked ? <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">Account blocked</span> : null}
                      </p>
                      <p className="truncate text-sm text-ink-500">
                        {[s.sellerName, s.mobile ? `+91 ${s.mobile}` : s.email, `${s.productsCount} ${s.productsCount === 1 ? 'product' : 'products'}`, `since ${formatDate(s.createdAt)}`]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                      {s.state === 'suspended' ? (
                        <p className="mt-1 text-sm text-red-800">
                          Suspended {s.suspendedAt ? formatDate(s.suspendedAt) : ''}: {s.suspendedReason}
                        </p>
                      ) : null}
                    </div>
                    <button type="button" onClick={() => open(s)} className={buttonClass(s.state === 'live' ? 'outline' : 'primary', 'md')} aria-label={`${s.state === 'live' ? 'Suspend' : 'Restore'} ${name}`}>
                      {s.state === 'live' ? 'Suspend' : 'Restore'}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {list.data && list.data.count > ADMIN_STORES_PAGE_SIZE ? (
          <div className="mt-6 flex justify-center">
            <Pagination page={page} pageCount={Math.ceil(list.data.count / ADMIN_STORES_PAGE_SIZE)} onChange={(p) => set({ page: String(p) })} />
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={acting !== null}
        title={acting?.state === 'live' ? `Suspend ${actingName}?` : `Restore ${actingName}?`}
        confirmLabel={acting?.state === 'live' ? 'Suspend store' : 'Restore store'}
        danger={acting?.state === 'live'}
        pending={action.isPending}
        error={action.error?.message}
        onClose={close}
        onConfirm={() => void onConfirm()}
      >
        {acting?.state === 'live' ? (
          <>
            <p>
              Its {acting.productsCount === 1 ? 'product leaves' : `${acting.productsCount} products leave`} every list, search and page, and cannot be bought. The vendor can
              still sign in, sees your reason, and keeps serving the orders already placed.
            </p>
            <label htmlFor="suspend-reason" className="mt-3 mb-1 block font-medium text-ink-900">
              Reason (the vendor reads it)
            </label>
            <textarea
              id="suspend-reason"
              rows={3}
              value={reason}
              maxLength={SUSPEND_REASON_MAX}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'suspend-reason-error' : undefined}
              className={fieldClass}
            />
            {reasonError ? (
              <p id="suspend-reason-error" role="alert" className="mt-1 text-sm text-red-700">
                {reasonError}
              </p>
            ) : null}
          </>
        ) : (
          <p>Its products come back on the site as the vendor left them, and its store page opens again.</p>
        )}
      </ConfirmDialog>
    </AdminFrame>
  );
}
