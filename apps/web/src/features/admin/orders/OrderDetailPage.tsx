import { formatINR } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { ADMIN_ORDER_NOTE_MAX, type AdminOrderDetail, type AdminOrderEvent, type AdminOrderPart } from '@statewise/contract/schemas/admin-orders';
import { COURIERS } from '@statewise/contract/schemas/vendor-orders';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { AdminFrame, ConfirmDialog, ErrorNote, fieldClass } from '../ui.tsx';
import { useAdminOrder, useAdminOrderAction } from './api.ts';
import { formatDateTime, ORDER_STATUS_LABEL, PAYMENT_MODE_LABEL, PAYMENT_STATUS_LABEL, statusClass } from './labels.ts';

/**
 * /admin/orders/{id} (role admin): one order — buyer, address, each seller's part with its lines and shipment,
 * payments with their gateway references, refunds, wallet movements and the status history. A part moves to one of
 * its allowed next statuses (with an optional note; shipping asks for the courier and tracking number); the order,
 * or one part, is cancelled after a confirmation with a reason, refunding the buyer exactly once.
 */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  return (
    <>
      <nav className="mb-3 text-sm">
        <Link to="/admin/orders" className="font-medium text-brand-700 hover:underline">
          ← Orders
        </Link>
      </nav>
      {order.isPending ? (
        <Skeleton className="h-72 w-full rounded-2xl" />
      ) : order.isError ? (
        <RetryPanel message={order.error.message} onRetry={() => order.refetch()} />
      ) : (
        <Detail o={order.data} />
      )}
    </>
  );
}

type CancelTarget = { vendorId?: string; label: string; refund: string };

/** What a cancel gives back, in words, for the dialog. */
function refundWords(o: AdminOrderDetail, value: number): string {
  if (o.paymentMode === 'cod' && o.walletAmountUsed === 0) return 'Nothing was collected (cash on delivery), so nothing is refunded.';
  if (o.paymentStatus !== 'paid' && o.walletAmountUsed === 0) return 'Nothing was paid, so nothing is refunded.';
  return `The buyer gets back about ${formatINR(value)} the way they paid (wallet cash to the wallet, an online payment to the wallet or through the gateway).`;
}

function Detail({ o }: { o: AdminOrderDetail }) {
  const act = useAdminOrderAction(o._id);
  const [cancel, setCancel] = useState<CancelTarget | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const open = o.parts.filter((p) => p.status !== 'cancelled');

  const closeCancel = () => {
    setCancel(null);
    setReason('');
    setReasonError(null);
    act.reset();
  };
  const confirmCancel = () => {
    if (!cancel) return;
    if (!reason.trim()) {
      setReasonError(MSG.vendorCancelReasonRequired);
      return;
    }
    setReasonError(null);
    act.mutate(
      { action: 'cancel', reason: reason.trim(), ...(cancel.vendorId ? { vendorId: cancel.vendorId } : {}) },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Order cancelled');
          setCancel(null);
          setReason('');
        },
      },
    );
  };

  return (
    <AdminFrame
      title={`Order ${o.orderNumber}`}
      intro={<>Placed {formatDateTime(o.createdAt)}</>}
      actions={
        o.cancellable ? (
          <Button
            className="bg-red-700! text-white! hover:bg-red-800!"
            onClick={() => setCancel({ label: `the whole order ${o.orderNumber}`, refund: refundWords(o, open.reduce((s, p) => s + p.partTotal, 0)) })}
          >
            Cancel order
          </Button>
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="order-status" className={`rounded-full px-3 py-1 text-xs font-semibold ${statusClass(o.status)}`}>
          {ORDER_STATUS_LABEL[o.status]}
        </span>
        <span className="rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold text-ink-700">
          {PAYMENT_MODE_LABEL[o.paymentMode] ?? o.paymentMode} · {PAYMENT_STATUS_LABEL[o.paymentStatus] ?? o.paymentStatus}
        </span>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Card title="Buyer">
          <dl className="grid gap-2 text-sm">
            <Item
              label="Name"
              value={
                o.buyer.userId ? (
                  <Link to={`/admin/users/${o.buyer.userId}`} className="text-brand-700 underline">
                    {o.buyer.name || 'No name'}
                  </Link>
                ) : (
                  <>{o.buyer.name || '—'} (guest)</>
                )
              }
            />
            <Item label="Mobile" value={o.buyer.mobile ? `+91 ${o.buyer.mobile}` : '—'} />
            <Item label="E-mail" value={o.buyer.email ?? '—'} />
          </dl>
        </Card>
        <Card title="Deliver to">
          <address className="text-sm leading-6 text-ink-900 not-italic">
            <span className="font-semibold">
              {o.address.firstName} {o.address.lastName}
            </span>
            <br />
            {o.address.streetAddress}
            {o.address.landmark ? <>, {o.address.landmark}</> : null}
            <br />
            {o.address.city}, {o.address.state} {o.address.pincode}
            <br />
            Mobile +91 {o.address.mobile}
          </address>
          {o.address.shippingNote ? <p className="mt-1 text-sm text-ink-500">Note: {o.address.shippingNote}</p> : null}
        </Card>
      </div>

      <Card title="Money" className="mt-4">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Item label="Items" value={formatINR(o.subTotal)} />
          <Item label="Shipping" value={o.shippingCharges ? formatINR(o.shippingCharges) : 'Free'} />
          <Item label="Wallet cash used" value={formatINR(o.walletAmountUsed)} />
          <Item label={o.paymentMode === 'cod' ? 'To collect' : 'Paid online'} value={formatINR(o.amountPayable)} />
        </dl>
        <p className="mt-3 flex justify-between border-t border-sand-100 pt-3 font-semibold text-ink-900">
          <span>Order total</span>
          <span>{formatINR(o.grandTotal)}</span>
        </p>
      </Card>

      <h2 className="mt-6 font-display text-lg text-brand-800">Sellers’ parts</h2>
      <div className="mt-2 space-y-4">
        {o.parts.map((p) => (
          <PartCard
            key={p._id}
            order={o}
            part={p}
            onCancel={
              p.cancellable && open.length > 1
                ? () => setCancel({ vendorId: p.vendorId, label: `${p.brandName || 'this seller'}’s items`, refund: refundWords(o, p.partTotal) })
                : undefined
            }
          />
        ))}
      </div>

      <Card title="Payments" className="mt-6">
        {o.payments.length === 0 ? (
          <p className="text-sm text-ink-500">{o.paymentMode === 'cod' ? 'Cash on delivery: no online payment.' : 'No online payment.'}</p>
        ) : (
          <ul aria-label="Payments" className="divide-y divide-sand-100">
            {o.payments.map((p) => (
              <li key={p._id} className="py-3 text-sm first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-ink-900">
                    {formatINR(p.amount)} · {p.provider}
                  </span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.status === 'succeeded' ? 'bg-leaf-600/10 text-leaf-600' : p.status === 'pending' ? 'bg-saffron-500/15 text-saffron-700' : 'bg-red-50 text-red-700'}`}>
                    {p.status}
                  </span>
                </div>
                <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                  <Item label="Payment id (ours)" value={<Code>{p._id}</Code>} />
                  <Item label="Gateway order id" value={p.providerOrderId ? <Code>{p.providerOrderId}</Code> : '—'} />
                  <Item label="Gateway payment id" value={p.providerPaymentId ? <Code>{p.providerPaymentId}</Code> : '—'} />
                  <Item label="Started · completed" value={`${formatDateTime(p.createdAt)} · ${p.completedAt ? formatDateTime(p.completedAt) : '—'}`} />
                </dl>
                {p.failureReason ? <p className="mt-1 text-xs text-red-700">{p.failureReason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {o.refunds.length ? (
        <Card title="Refunds" className="mt-4">
          <ul aria-label="Refunds" className="divide-y divide-sand-100 text-sm">
            {o.refunds.map((r) => {
              const seller = o.parts.find((p) => p.vendorId === r.vendorId)?.brandName;
              return (
                <li key={r._id} className="py-2 first:pt-0 last:pb-0">
                  <p className="font-semibold text-ink-900">
                    {formatINR(r.walletAmount + r.gatewayAmount)} for {seller || 'a seller'}’s items · {r.status}
                  </p>
                  <p className="text-ink-500">
                    Wallet cash {formatINR(r.walletAmount)} · {r.gatewayMethod === 'razorpay' ? 'Razorpay' : r.gatewayMethod === 'wallet' ? 'online share to the wallet' : 'no online share'}{' '}
                    {formatINR(r.gatewayAmount)}
                    {r.providerRefundId ? <> · refund id <Code>{r.providerRefundId}</Code></> : null}
                  </p>
                  <p className="text-ink-500">
                    Cancelled by the {r.actor} on {formatDateTime(r.createdAt)}
                    {r.reason ? `: “${r.reason}”` : ''}
                  </p>
                  {r.failureReason ? <p className="text-xs text-red-700">{r.failureReason}</p> : null}
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}

      {o.walletMovements.length ? (
        <Card title="Wallet movements" className="mt-4">
          <ul aria-label="Wallet movements" className="divide-y divide-sand-100 text-sm">
            {o.walletMovements.map((w) => (
              <li key={w._id} className="flex items-start justify-between gap-3 py-2 first:pt-0 last:pb-0">
                <span className="min-w-0">
                  <span className="block text-ink-900">{w.description}</span>
                  <span className="block text-xs text-ink-500">
                    {formatDateTime(w.createdAt)} · {w.status}
                  </span>
                </span>
                <span className={`shrink-0 font-semibold ${w.type === 'credit' ? 'text-leaf-600' : 'text-red-700'}`}>
                  {w.type === 'credit' ? '+' : '−'}
                  {formatINR(w.amount)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card title="History" className="mt-4">
        <ol aria-label="History" className="space-y-2 text-sm">
          {o.history.map((e, i) => (
            <li key={i} className="flex gap-3">
              <span className="w-28 shrink-0 text-xs text-ink-500 sm:w-32">{formatDateTime(e.at)}</span>
              <span className="min-w-0 text-ink-900">{describeEvent(e)}</span>
            </li>
          ))}
        </ol>
      </Card>

      <ConfirmDialog
        open={cancel !== null}
        title={cancel?.vendorId ? 'Cancel this seller’s items?' : `Cancel order ${o.orderNumber}?`}
        confirmLabel="Cancel and refund"
        dismissLabel="Keep it"
        danger
        pending={act.isPending}
        error={reasonError ?? act.error?.message}
        onClose={closeCancel}
        onConfirm={confirmCancel}
      >
        <p>
          This cancels {cancel?.label}: the pieces go back to stock. {cancel?.refund} It cannot be undone.
        </p>
        <label htmlFor="cancel-reason" className="mt-3 mb-1 block font-medium text-ink-900">
          Reason <span className="font-normal text-ink-500">(the buyer sees it; kept in the audit log)</span>
        </label>
        <textarea id="cancel-reason" rows={3} maxLength={ADMIN_ORDER_NOTE_MAX} value={reason} onChange={(e) => setReason(e.target.value)} className={fieldClass} />
      </ConfirmDialog>
    </AdminFrame>
  );
}

function describeEvent(e: AdminOrderEvent): ReactNode {
  if (e.kind === 'placed') return 'Order placed';
  if (e.kind === 'paid') return 'Payment received';
  const who = e.actorKind ? ` by ${e.actorKind === 'admin' ? (e.actorName ? `admin ${e.actorName}` : 'an admin') : `the ${e.actorKind}`}` : '';
  const what = e.brandName !== null || e.vendorId ? `${e.brandName || 'A seller'}’s items` : 'Order';
  return (
    <>
      {what}: {e.from ? ORDER_STATUS_LABEL[e.from] : '—'} → <span className="font-semibold">{e.to ? ORDER_STATUS_LABEL[e.to] : '—'}</span>
      {who}
      {e.note ? <span className="text-ink-500"> — “{e.note}”</span> : null}
    </>
  );
}

const OTHER = 'Other';

function PartCard({ order, part: p, onCancel }: { order: AdminOrderDetail; part: AdminOrderPart; onCancel?: () => void }) {
  const act = useAdminOrderAction(order._id);
  const [to, setTo] = useState<string>('');
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState<string>(COURIERS[0].name);
  const [otherCourier, setOtherCourier] = useState('');
  const [awsNumber, setAwsNumber] = useState('');
  const ids = `part-${p._id}`;

  const move = () => {
    if (!to) return;
    const target = to as AdminOrderPart['status'];
    act.mutate(
      {
        action: 'move',
        vendorId: p.vendorId,
        to: target,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(target === 'shipped' ? { courierPartner: (courier === OTHER ? otherCourier : courier).trim(), awsNumber: awsNumber.trim() } : {}),
      },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Order status updated');
          setTo('');
          setNote('');
          setAwsNumber('');
        },
      },
    );
  };

  return (
    <section aria-label={`${p.brandName || 'Seller'}’s items`} className="rounded-2xl border border-sand-100 bg-white p-4 shadow-sm md:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink-900">{p.brandName || 'Seller'}</h3>
          <p className="text-xs text-ink-500">
            <Link to={`/admin/users/${p.vendorId}`} className="underline">
              Seller account
            </Link>
            {p.vendorMobile ? ` · +91 ${p.vendorMobile}` : ''}
          </p>
        </div>
        <span data-testid="part-status" className={`rounded-full px-3 py-1 text-xs font-semibold ${statusClass(p.status)}`}>
          {ORDER_STATUS_LABEL[p.status]}
        </span>
      </div>

      <ul className="mt-3 divide-y divide-sand-100">
        {p.lines.map((l) => (
          <li key={l._id} className="flex items-center gap-3 py-2">
            {l.image ? <img src={l.image} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-lg object-cover" /> : <span className="size-12 shrink-0 rounded-lg bg-sand-100" />}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink-900">{l.name}</p>
              <p className="text-xs text-ink-500">
                {l.size ? `Size ${l.size.toUpperCase()} · ` : l.color ? `${l.color} · ` : ''}Qty {l.quantity} × {formatINR(l.price)}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold text-ink-900">{formatINR(l.price * l.quantity)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-1 flex justify-between border-t border-sand-100 pt-2 text-sm font-semibold text-ink-900">
        <span>Part total</span>
        <span>{formatINR(p.partTotal)}</span>
      </p>

      {p.awsNumber ? (
        <p className="mt-3 rounded-lg bg-sky-600/10 px-3 py-2 text-sm text-sky-700">
          {p.courierPartner} · tracking number <span className="font-semibold">{p.awsNumber}</span>
          {p.trackingUrl ? (
            <a href={p.trackingUrl} target="_blank" rel="noreferrer noopener" className="ml-2 font-semibold underline">
              Track
            </a>
          ) : null}
        </p>
      ) : null}
      {p.refund ? (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          Cancelled by the {p.refund.actor}
          {p.refund.reason ? `: “${p.refund.reason}”` : ''}. Refund {formatINR(p.refund.walletAmount + p.refund.gatewayAmount)} ({p.refund.status}).
        </p>
      ) : null}

      {p.nextStatuses.length || onCancel ? (
        <div className="mt-4 border-t border-sand-100 pt-4">
          {p.nextStatuses.length ? (
            <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
              <div>
                <label htmlFor={`${ids}-to`} className="mb-1 block text-xs font-medium text-ink-500">
                  Move to
                </label>
                <select id={`${ids}-to`} value={to} onChange={(e) => setTo(e.target.value)} className={fieldClass}>
                  <option value="">Choose a status</option>
                  {p.nextStatuses.map((s) => (
                    <option key={s} value={s}>
                      {ORDER_STATUS_LABEL[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-note`} className="mb-1 block text-xs font-medium text-ink-500">
                  Note (optional)
                </label>
                <input id={`${ids}-note`} value={note} maxLength={ADMIN_ORDER_NOTE_MAX} onChange={(e) => setNote(e.target.value)} className={fieldClass} />
              </div>
              <Button onClick={move} disabled={!to || act.isPending} aria-busy={act.isPending || undefined}>
                {act.isPending ? 'Working…' : 'Move'}
              </Button>
              {to === 'shipped' ? (
                <div className="grid gap-3 sm:col-span-3 sm:grid-cols-2">
                  <div>
                    <label htmlFor={`${ids}-courier`} className="mb-1 block text-xs font-medium text-ink-500">
                      Courier partner
                    </label>
                    <select id={`${ids}-courier`} value={courier} onChange={(e) => setCourier(e.target.value)} className={fieldClass}>
                      {COURIERS.map((c) => (
                        <option key={c.name}>{c.name}</option>
                      ))}
                      <option>{OTHER}</option>
                    </select>
                    {courier === OTHER ? (
                      <input aria-label="Courier name" value={otherCourier} maxLength={60} onChange={(e) => setOtherCourier(e.target.value)} className={`${fieldClass} mt-2`} />
                    ) : null}
                  </div>
                  <div>
                    <label htmlFor={`${ids}-awb`} className="mb-1 block text-xs font-medium text-ink-500">
                      Tracking number
                    </label>
                    <input id={`${ids}-awb`} value={awsNumber} maxLength={40} autoComplete="off" onChange={(e) => setAwsNumber(e.target.value)} className={fieldClass} />
                  </div>
                </div>
              ) : null}
            </div>
          ) : null}
          <div className="mt-3">
            <ErrorNote message={act.error?.message} />
          </div>
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} className="border-red-300! text-red-700!">
              Cancel this seller’s items
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Card({ title, className = '', children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`rounded-2xl border border-sand-100 bg-white p-4 shadow-sm md:p-5 ${className}`}>
      <h2 className="mb-3 font-display text-lg text-brand-800">{title}</h2>
      {children}
    </section>
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

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-sand-100 px-1 py-0.5 font-mono text-xs break-all">{children}</code>;
}
