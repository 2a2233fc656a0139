import { MSG } from '@statewise/contract/messages';
import { formatDate, formatINR } from '@statewise/contract/format';
import { COURIERS, type VendorOrderDetail } from '@statewise/contract/schemas/vendor-orders';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { Button } from '../../auth/ui.tsx';
import { downloadVendorInvoice, useVendorOrder, useVendorOrderAction } from './api.ts';
import { ConsoleFrame } from './ConsoleNav.tsx';
import { actionsFor, hasInvoice, VENDOR_STATUS_LABEL, vendorStatusClass } from './rules.ts';

const OTHER = 'Other';
const PAYMENT_STATUS: Record<string, string> = {
  cod: 'to be collected on delivery',
  paid: 'paid',
  pending: 'awaiting payment',
  refund_pending: 'refund on its way',
  refunded: 'refunded',
  cancelled: 'cancelled',
  failed: 'payment failed',
  expired: 'payment expired',
};
const TRACKING = /^[A-Za-z0-9-]{4,40}$/;

/**
 * /vendor/orders/{orderId} (role vendor): the vendor's part of an order — its lines, the delivery address for the
 * label, the payment — and the next steps: Confirm, Ship (courier and tracking number), Mark delivered, Cancel (with
 * a reason the buyer is told; stock returns and the buyer is refunded), and the part's invoice.
 */
export default function VendorOrderDetailPage() {
  const { orderId = '' } = useParams();
  const order = useVendorOrder(orderId);
  usePageTitle(order.data ? `${order.data.orderNumber} · Vendor console` : 'Order · Vendor console');
  return (
    <ConsoleFrame title={order.data ? `Order ${order.data.orderNumber}` : 'Order'}>
      <Link to="/vendor/orders" className="text-sm font-semibold text-brand-700 underline">
        ← All orders
      </Link>
      <div className="mt-3">
        {order.isPending ? (
          <Skeleton className="h-64 w-full rounded-2xl" />
        ) : order.isError ? (
          <RetryPanel message={order.error.message} onRetry={() => order.refetch()} />
        ) : (
          <Detail o={order.data} />
        )}
      </div>
    </ConsoleFrame>
  );
}

function Detail({ o }: { o: VendorOrderDetail }) {
  const act = useVendorOrderAction(o.orderId);
  const [dialog, setDialog] = useState<'ship' | 'cancel' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const run = (body: Parameters<typeof act.mutate>[0], after?: () => void) =>
    act.mutate(body, {
      onSuccess: (res) => {
        if (res.message) toast.success(res.message);
        after?.();
      },
      onError: (e) => toast.error(e.message),
    });
  const invoice = async () => {
    setDownloading(true);
    try {
      await downloadVendorInvoice(o.orderId);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'The invoice could not be downloaded');
    } finally {
      setDownloading(false);
    }
  };
  const actions = actionsFor(o.status);
  const a = o.shippingAddress;

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-label="Items" className="rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-500">Placed {formatDate(o.createdAt)}</p>
          <span data-testid="part-status" className={`rounded-full px-3 py-1 text-xs font-semibold ${vendorStatusClass(o.status)}`}>
            {VENDOR_STATUS_LABEL[o.status]}
          </span>
        </div>
        <ul className="mt-3 divide-y divide-sand-100">
          {o.lines.map((l) => (
            <li key={l._id} className="flex items-center gap-3 py-3">
              {l.image ? <img src={l.image} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-lg object-cover" /> : <span className="size-14 shrink-0 rounded-lg bg-sand-100" />}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-ink-900">{l.name}</p>
                <p className="text-sm text-ink-500">
                  {l.size ? `Size ${l.size.toUpperCase()} · ` : l.color ? `${l.color} · ` : ''}Qty {l.quantity} × {formatINR(l.price)}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-ink-900">{formatINR(l.price * l.quantity)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t border-sand-100 pt-3 font-semibold text-ink-900">
          <span>Your items</span>
          <span>{formatINR(o.partTotal)}</span>
        </p>
        <p className="mt-1 text-sm text-ink-500">
          {o.paymentMode === 'cod' ? 'Cash on delivery' : o.paymentMode === 'wallet' ? 'Wallet cash' : 'Online payment'} · {PAYMENT_STATUS[o.paymentStatus] ?? o.paymentStatus}
        </p>

        {o.status === 'shipped' || o.status === 'delivered' ? (
          <p className="mt-3 rounded-lg bg-sky-600/10 px-3 py-2 text-sm text-sky-700">
            {o.courierPartner} · tracking number <span className="font-semibold">{o.awsNumber}</span>
            {o.trackingUrl ? (
              <a href={o.trackingUrl} target="_blank" rel="noreferrer noopener" className="ml-2 font-semibold underline">
                Track
              </a>
            ) : null}
          </p>
        ) : null}
        {o.status === 'cancelled' ? <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">Cancelled{o.cancelReason ? `: ${o.cancelReason}` : ''}</p> : null}

        <div className="mt-4 flex flex-wrap gap-3">
          {actions.includes('confirm') ? (
            <Button type="button" className="w-auto" pending={act.isPending} onClick={() => run({ action: 'confirm' })}>
              Confirm order
            </Button>
          ) : null}
          {actions.includes('ship') ? (
            <Button type="button" className="w-auto" onClick={() => setDialog('ship')}>
              Ship
            </Button>
          ) : null}
          {actions.includes('deliver') ? (
            <Button type="button" className="w-auto" pending={act.isPending} onClick={() => run({ action: 'deliver' })}>
              Mark delivered
            </Button>
          ) : null}
          {hasInvoice(o.status) ? (
            <Button type="button" variant="outline" className="w-auto" pending={downloading} onClick={invoice}>
              Invoice
            </Button>
          ) : null}
          {actions.includes('cancel') ? (
            <Button type="button" variant="outline" className="w-auto" onClick={() => setDialog('cancel')}>
              Cancel order
            </Button>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="ship-to" className="h-fit rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
        <h2 id="ship-to" className="font-display text-lg text-brand-800">Ship to</h2>
        <address className="mt-2 text-sm leading-6 text-ink-900 not-italic">
          <span className="font-semibold">{a.name}</span>
          <br />
          {a.streetAddress}
          {a.landmark ? (
            <>
              <br />
              {a.landmark}
            </>
          ) : null}
          <br />
          {a.city}, {a.state} {a.pincode}
          <br />
          Mobile {a.mobile}
        </address>
        {a.shippingNote ? <p className="mt-2 text-sm text-ink-500">Note: {a.shippingNote}</p> : null}
      </section>

      {dialog === 'ship' ? <ShipDialog pending={act.isPending} onClose={() => setDialog(null)} onShip={(body) => run({ action: 'ship', ...body }, () => setDialog(null))} /> : null}
      {dialog === 'cancel' ? <CancelDialog pending={act.isPending} onClose={() => setDialog(null)} onCancel={(reason) => run({ action: 'cancel', reason }, () => setDialog(null))} /> : null}
    </div>
  );
}

const field = (error: string | null) =>
  `block w-full rounded-lg border px-3 py-2 text-base outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100'}`;

function ShipDialog({ pending, onClose, onShip }: { pending: boolean; onClose: () => void; onShip: (b: { courierPartner: string; awsNumber: string }) => void }) {
  const [courier, setCourier] = useState<string>(COURIERS[0].name);
  const [other, setOther] = useState('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<{ courier: string | null; number: string | null }>({ courier: null, number: null });
  const submit = () => {
    const courierPartner = (courier === OTHER ? other : courier).trim();
    const awsNumber = number.trim();
    const next = {
      courier: courierPartner ? null : MSG.courierRequired,
      number: !awsNumber ? MSG.trackingNumberRequired : TRACKING.test(awsNumber) ? null : MSG.trackingNumberInvalid,
    };
    setErrors(next);
    if (!next.courier && !next.number) onShip({ courierPartner, awsNumber });
  };
  return (
    <Dialog open onClose={onClose} title="Ship this order">
      <label htmlFor="ship-courier" className="mb-1 block text-sm font-medium text-ink-900">
        Courier partner
      </label>
      <select id="ship-courier" value={courier} onChange={(e) => setCourier(e.target.value)} className={field(null)}>
        {COURIERS.map((c) => (
          <option key={c.name}>{c.name}</option>
        ))}
        <option>{OTHER}</option>
      </select>
      {courier === OTHER ? (
        <>
          <label htmlFor="ship-courier-other" className="mt-3 mb-1 block text-sm font-medium text-ink-900">
            Courier name
          </label>
          <input id="ship-courier-other" value={other} maxLength={60} aria-invalid={errors.courier ? true : undefined} onChange={(e) => setOther(e.target.value)} className={field(errors.courier)} />
          {errors.courier ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.courier}
            </p>
          ) : null}
        </>
      ) : null}
      <label htmlFor="ship-number" className="mt-3 mb-1 block text-sm font-medium text-ink-900">
        Tracking number
      </label>
      <input
        id="ship-number"
        value={number}
        maxLength={40}
        autoComplete="off"
        aria-invalid={errors.number ? true : undefined}
        onChange={(e) => setNumber(e.target.value)}
        className={field(errors.number)}
      />
      {errors.number ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errors.number}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-3">
        <Button type="button" variant="outline" className="w-auto" onClick={onClose}>
          Back
        </Button>
        <Button type="button" className="w-auto" pending={pending} onClick={submit}>
          Mark shipped
        </Button>
      </div>
    </Dialog>
  );
}

function CancelDialog({ pending, onClose, onCancel }: { pending: boolean; onClose: () => void; onCancel: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) return setError(MSG.vendorCancelReasonRequired);
    onCancel(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} title="Cancel this order?">
      <p className="text-sm text-ink-700">Your items go back to stock and the buyer is refunded what they paid for them. The buyer sees your reason.</p>
      <label htmlFor="cancel-reason" className="mt-4 mb-1 block text-sm font-medium text-ink-900">
        Reason
      </label>
      <textarea
        id="cancel-reason"
        rows={3}
        maxLength={300}
        value={reason}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        className={field(error)}
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-3">
        <Button type="button" variant="outline" className="w-auto" onClick={onClose}>
          Back
        </Button>
        <Button type="button" variant="danger" className="w-auto" pending={pending} onClick={submit}>
          Cancel order
        </Button>
      </div>
    </Dialog>
  );
}
