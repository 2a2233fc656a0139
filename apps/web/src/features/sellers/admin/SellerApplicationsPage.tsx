import { MSG } from '@statewise/contract/messages';
import { APPLICATION_STATUSES, type ApplicationStatus, type SellerApplication } from '@statewise/contract/schemas/sellers';
import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { Button } from '../../auth/ui.tsx';
import { useDecideApplication, useSellerApplications } from '../api.ts';

const PAGE_SIZE = 20;
const TAB_LABEL: Record<ApplicationStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** What each automatic check is called on the admin's screen (seller-checks.ts names). */
export const CHECK_LABEL: Record<string, string> = {
  pan: 'PAN',
  gstin: 'GSTIN format',
  gstinChecksum: 'GSTIN check character',
  gstinPan: 'PAN in GSTIN',
  gstinState: 'GSTIN state',
  ifsc: 'IFSC',
  accountNumber: 'Account number',
  slug: 'Store address',
};

/**
 * /admin/seller-applications (role admin; ADR 014; in the admin console): the applications by status, each with its brand, seller,
 * contact, categories, masked PAN and account, addresses and the automatic checks (passed / failed, with what was
 * checked). Approve (an optional note) makes the applicant a vendor and opens the store; Reject needs a reason,
 * which the applicant then sees. Both ask for confirmation, and the application leaves Pending.
 */
export function SellerApplicationsPage() {
  usePageTitle('Seller applications');
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useSellerApplications(status, page);
  const [deciding, setDeciding] = useState<{ app: SellerApplication; decision: 'approve' | 'reject' } | null>(null);

  return (
    // Inside the admin console's layout (features/admin), which gives the console's name, nav and margins.
    <section>
      <h1 className="font-display text-2xl text-brand-800 md:text-3xl">Seller applications</h1>
      <div className="mt-4">
        {/* Plain buttons rather than the kit's Tabs: sharing that module would split it into a chunk the home page lists. */}
        <div role="tablist" aria-label="Application status" className="flex overflow-x-auto border-b border-sand-100">
          {APPLICATION_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              id={`apps-tab-${s}`}
              aria-selected={s === status}
              aria-controls="apps-panel"
              onClick={() => {
                setStatus(s);
                setPage(1);
              }}
              className={`relative shrink-0 px-4 py-3 text-sm font-semibold tracking-wider uppercase ${
                s === status ? 'text-brand-700 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500' : 'text-ink-500 hover:text-brand-700'
              }`}
            >
              {TAB_LABEL[s]}
            </button>
          ))}
        </div>
      </div>
      <div id="apps-panel" role="tabpanel" aria-labelledby={`apps-tab-${status}`} className="mt-4">
        {list.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-40 w-full rounded-2xl" />
            <Skeleton className="h-40 w-full rounded-2xl" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {list.error.message}{' '}
            <button type="button" className="font-semibold underline" onClick={() => list.refetch()}>
              Try again
            </button>
          </p>
        ) : list.data.applications.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-sand-100 px-4 py-10 text-center text-sm text-ink-500">No {TAB_LABEL[status].toLowerCase()} applications.</p>
        ) : (
          <ul className="space-y-4">
            {list.data.applications.map((a) => (
              <ApplicationCard key={a._id} app={a} onDecide={(decision) => setDeciding({ app: a, decision })} />
            ))}
          </ul>
        )}
        {list.data ? <div className="mt-6 flex justify-center"><Pagination page={page} pageCount={Math.ceil(list.data.count / PAGE_SIZE)} onChange={setPage} /></div> : null}
      </div>
      {deciding ? <DecisionDialog app={deciding.app} decision={deciding.decision} onClose={() => setDeciding(null)} /> : null}
    </section>
  );
}

function ApplicationCard({ app, onDecide }: { app: SellerApplication; onDecide: (d: 'approve' | 'reject') => void }) {
  const passed = app.checks.filter((c) => c.passed).length;
  return (
    <li aria-label={app.brandName} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-xl text-brand-800">{app.brandName}</h2>
          <p className="text-sm text-ink-700">
            {app.sellerName} · <span className="font-mono text-ink-500">/store/{app.vendorSlug}</span>
          </p>
          <p className="mt-1 text-xs text-ink-500">
            Applied {new Date(app.createdAt).toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: '2-digit' })} by {`${app.user.firstname} ${app.user.lastname}`.trim()}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${app.checks.length && passed === app.checks.length ? 'bg-green-50 text-green-800' : 'bg-sand-100 text-saffron-700'}`}>
          {passed}/{app.checks.length} checks passed
        </span>
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Item label="E-mail" value={app.user.email ?? '—'} />
        <Item label="Mobile" value={app.user.mobile ? `+91 ${app.user.mobile}` : '—'} />
        <Item label="Calling / WhatsApp" value={`${app.callingNumber} / ${app.whatsappNumber}`} />
        <Item label="Facebook" value={<a href={app.facebookProfileLink} target="_blank" rel="noreferrer noopener" className="break-all text-brand-700 underline">{app.facebookProfileLink}</a>} />
        <Item label="Vendor categories" value={app.vendorCategory.join(', ')} />
        <Item label="Product categories" value={app.productCategory.map((c) => c.name).join(', ')} />
        <Item label="PAN" value={<span className="font-mono">{app.panNumber}</span>} />
        <Item label="GST" value={app.isGSTRegistered === 'Yes' ? <span className="font-mono">{app.gstNumber}</span> : app.isGSTRegistered === 'No' ? 'Not registered' : '—'} />
        <Item label="Billing address" value={place(app.billing)} />
        <Item label="Pickup address" value={place(app.shipping)} />
        <Item
          label="Bank"
          value={app.bank ? <span>{app.bank.holderName} · <span className="font-mono">{app.bank.accountNumber}</span> · {app.bank.ifsc} ({app.bank.branchName})</span> : '—'}
        />
        {app.decisionNote ? <Item label={app.status === 'rejected' ? 'Reason' : 'Note'} value={app.decisionNote} /> : null}
      </dl>

      <h3 className="mt-4 text-xs font-semibold tracking-wider text-ink-500 uppercase">Automatic checks</h3>
      <ul aria-label="Automatic checks" className="mt-2 grid gap-2 sm:grid-cols-2">
        {app.checks.map((c) => (
          <li key={c.name} className="flex items-start gap-2 text-sm">
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${c.passed ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}>{c.passed ? 'Passed' : 'Failed'}</span>
            <span>
              <span className="font-semibold text-ink-900">{CHECK_LABEL[c.name] ?? c.name}</span> <span className="text-ink-500">— {c.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      {!app.detailsSubmitted ? <p className="mt-3 text-sm text-saffron-700">Step two (GST, addresses, bank) is not submitted yet, so this application cannot be approved.</p> : null}

      {app.status === 'pending' ? (
        <div className="mt-5 flex flex-wrap gap-3">
          <Button type="button" className="w-auto" disabled={!app.detailsSubmitted} onClick={() => onDecide('approve')}>
            Approve
          </Button>
          <Button type="button" variant="outline" className="w-auto" onClick={() => onDecide('reject')}>
            Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-500">{label}</dt>
      <dd className="text-ink-900">{value || '—'}</dd>
    </div>
  );
}

const place = (a: SellerApplication['billing']) => (a ? [a.address, a.city, a.state, a.pincode, a.country].filter(Boolean).join(', ') : '—');

/** Confirms a decision: Approve with an optional note, Reject with the reason the applicant will read. */
function DecisionDialog({ app, decision, onClose }: { app: SellerApplication; decision: 'approve' | 'reject'; onClose: () => void }) {
  const decide = useDecideApplication();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approve = decision === 'approve';
  const submit = () => {
    if (!approve && !text.trim()) return setError(MSG.rejectionReasonRequired);
    decide.mutate(
      { id: app._id, decision, text },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? (approve ? MSG.sellerApproved : MSG.sellerRejected));
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} title={approve ? `Approve ${app.brandName}?` : `Reject ${app.brandName}?`}>
      <p className="text-sm text-ink-700">
        {approve
          ? `${app.sellerName} becomes a seller and the store opens at /store/${app.vendorSlug}.`
          : 'The applicant sees your reason in their account and may apply again.'}
      </p>
      <label htmlFor="decision-text" className="mt-4 mb-1 block text-sm font-medium text-ink-900">
        {approve ? 'Note to the seller (optional)' : 'Reason for rejecting'}
      </label>
      <textarea
        id="decision-text"
        rows={3}
        maxLength={1000}
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        className={`block w-full rounded-lg border px-3 py-2 text-base outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100'}`}
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-3">
        <Button type="button" variant="outline" className="w-auto" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" className="w-auto" variant={approve ? 'primary' : 'danger'} pending={decide.isPending} onClick={submit}>
          {approve ? 'Confirm approval' : 'Confirm rejection'}
        </Button>
      </div>
    </Dialog>
  );
}
