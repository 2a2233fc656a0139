import { formatDate, formatINR } from '@statewise/contract/format';
import { BLOCK_REASON_MAX, type AdminUserDetail } from '@statewise/contract/schemas/admin';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useSession } from '../../auth/session.ts';
import { useAdminUser, useBlockUser } from '../api.ts';
import { AdminFrame, ConfirmDialog, fieldClass } from '../ui.tsx';
import { RoleBadge } from './badges.tsx';

const STATUS_LABEL: Record<string, string> = {
  created: 'Awaiting payment',
  pending: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * /admin/users/{id} (role admin): an account's role, contacts (verified or not), live sessions, store, orders count
 * and latest orders; block it (its sessions end at once, it cannot log in; an optional reason) or unblock it, each
 * after a confirmation. Admin accounts cannot be blocked.
 */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  return (
    <>
      <nav className="mb-3 text-sm">
        <Link to="/admin/users" className="font-medium text-brand-700 hover:underline">
          ← Users
        </Link>
      </nav>
      {user.isPending ? (
        <Skeleton className="h-72 w-full rounded-2xl" />
      ) : user.isError ? (
        <RetryPanel message={user.error.message} onRetry={() => user.refetch()} />
      ) : (
        <UserDetail user={user.data} />
      )}
    </>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const { userId } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const action = useBlockUser(user._id);
  const name = `${user.firstname} ${user.lastname}`.trim() || 'No name';
  const canBlock = user.role !== 'admin' && user._id !== userId;

  const close = () => {
    setConfirming(false);
    action.reset();
  };
  const onConfirm = () =>
    action.mutate(user.blocked ? { block: false } : { block: true, reason: reason.trim() || undefined }, {
      onSuccess: (res) => {
        toast.success(res.message ?? (user.blocked ? 'Account unblocked' : 'Account blocked'));
        setConfirming(false);
        setReason('');
      },
    });

  return (
    <AdminFrame
      title={name}
      actions={
        canBlock ? (
          user.blocked ? (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Unblock
            </Button>
          ) : (
            <Button className="bg-red-700! text-white! hover:bg-red-800!" onClick={() => setConfirming(true)}>
              Block account
            </Button>
          )
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <RoleBadge role={user.role} />
        {user.blocked ? <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">Blocked</span> : null}
        {!canBlock ? <span className="text-xs text-ink-500">Admin accounts cannot be blocked.</span> : null}
      </div>
      {user.blocked ? (
        <p role="status" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Blocked since {formatDate(user.blockedAt!)}
          {user.blockedReason ? `: ${user.blockedReason}` : ''}. This account cannot log in.
        </p>
      ) : null}

      <dl className="mt-4 grid gap-3 rounded-2xl border border-sand-100 bg-white p-4 text-sm shadow-sm sm:grid-cols-2 md:p-6">
        <Item label="Mobile" value={user.mobile ? <>+91 {user.mobile} <Verified yes={user.mobileVerified} /></> : '—'} />
        <Item label="E-mail" value={user.email ? <>{user.email} <Verified yes={user.emailVerified} /></> : '—'} />
        <Item label="Joined" value={formatDate(user.createdAt)} />
        <Item label="Signed in on" value={user.activeSessions === 1 ? '1 device' : `${user.activeSessions} devices`} />
        <Item label="Orders" value={String(user.ordersCount)} />
        {user.vendorSlug ? (
          <Item
            label="Store"
            value={
              <Link to={`/store/${user.vendorSlug}`} className="text-brand-700 underline">
                /store/{user.vendorSlug}
              </Link>
            }
          />
        ) : null}
      </dl>

      <h2 className="mt-6 font-display text-lg text-brand-800">Latest orders</h2>
      {user.recentOrders.length === 0 ? (
        <p className="mt-2 text-sm text-ink-500">No orders.</p>
      ) : (
        <ul aria-label="Latest orders" className="mt-2 divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
          {user.recentOrders.map((o) => (
            <li key={o._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
              <Link to={`/admin/orders/${o._id}`} className="font-semibold text-brand-700 underline">
                {o.orderNumber}
              </Link>
              <span className="min-w-0 flex-1 text-ink-500">
                {formatDate(o.createdAt)} · {o.itemsCount} {o.itemsCount === 1 ? 'item' : 'items'}
              </span>
              <span className="font-medium text-ink-900">{formatINR(o.grandTotal)}</span>
              <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">{STATUS_LABEL[o.status] ?? o.status}</span>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirming}
        title={user.blocked ? `Unblock ${name}?` : `Block ${name}?`}
        confirmLabel={user.blocked ? 'Unblock' : 'Block account'}
        danger={!user.blocked}
        pending={action.isPending}
        error={action.error?.message}
        onClose={close}
        onConfirm={onConfirm}
      >
        {user.blocked ? (
          <p>They will be able to log in again.</p>
        ) : (
          <>
            <p>They are logged out on every device at once and cannot log in until you unblock them. Their orders stay as they are.</p>
            <label htmlFor="block-reason" className="mt-3 mb-1 block font-medium text-ink-900">
              Reason <span className="font-normal text-ink-500">(optional, kept in the audit log)</span>
            </label>
            <textarea id="block-reason" rows={3} maxLength={BLOCK_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} className={fieldClass} />
          </>
        )}
      </ConfirmDialog>
    </AdminFrame>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-500">{label}</dt>
      <dd className="break-words text-ink-900">{value}</dd>
    </div>
  );
}

function Verified({ yes }: { yes: boolean }) {
  return <span className={`ml-1 text-xs ${yes ? 'text-green-700' : 'text-ink-500'}`}>{yes ? '✓ verified' : 'not verified'}</span>;
}
