import { formatDate, formatINR, formatOrderNumber } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import type { OrderLine } from '@statewise/contract/schemas/orders';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '../../components/Page.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { AddressLines } from '../addresses/AddressCard.tsx';
import { optionLabel } from '../cart/CartLineRow.tsx';
import { downloadInvoice, useCancelOrder, useOrder, type Order } from './api.ts';
import { canCancel, paymentModeLabel, refundText, statusClass, statusLabel } from './rules.ts';

const card = 'rounded-2xl bg-white p-4 shadow-[0_1px_3px_rgb(31_26_28/0.08)] md:p-5';

/**
 * /OrderDetail/{id} (shopping §2 Orders, §3 order, order product line, ordersVendorWise): the shipping address, the
 * order summary, and per vendor its shipment (courier and tracking number, status) with its product rows, each
 * with an Invoice button that downloads that vendor's invoice as Invoice.pdf. A failed download says why (the
 * spec only logged it).
 */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const number = order.data ? formatOrderNumber(order.data.orderInitial, order.data.orderId) : '';
  usePageTitle(number ? `Order ${number}` : 'Order');

  return (
    <Page back={{ to: '/orders', label: 'My orders' }}>
      {order.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-56 w-full rounded-2xl" />
        </div>
      ) : order.isError ? (
        <div role="alert" className="rounded-2xl bg-white px-6 py-14 text-center">
          <p className="font-display text-2xl text-brand-800">{order.error instanceof ApiError && order.error.status === 404 ? MSG.orderNotFound : MSG.serverError}</p>
          <p className="mt-2 text-sm text-ink-500">{order.error instanceof ApiError && order.error.status === 404 ? 'This order is not in your account.' : order.error.message}</p>
          <Link to="/orders" className={buttonClass('primary', 'lg', 'mt-6')}>
            See my orders
          </Link>
        </div>
      ) : (
        <Detail order={order.data} number={number} />
      )}
    </Page>
  );
}

function Detail({ order: o, number }: { order: Order; number: string }) {
  const a = o.address;
  const invoiceable = o.orderStatus !== 'cancelled' && o.orderStatus !== 'created';
  // what the cancel dialog is about: the whole order, or one seller's part (its vendor id and brand)
  const [cancelling, setCancelling] = useState<{ vendorId?: string; brand?: string } | null>(null);
  const openParts = o.ordersVendorWise.filter((g) => g.status !== 'cancelled');
  const orderCancellable = canCancel(o.orderStatus) && openParts.length > 0 && openParts.every((g) => canCancel(g.status));
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Order {number}</h1>
          <p className="mt-1 text-sm text-ink-500">
            Placed on {formatDate(o.createdAt)} · {paymentModeLabel(o.paymentMode)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClass(o.orderStatus)}`}>{statusLabel(o.orderStatus)}</span>
          {orderCancellable ? (
            <Button variant="outline" size="sm" onClick={() => setCancelling({})}>
              Cancel order
            </Button>
          ) : null}
        </div>
      </div>
      {cancelling ? <CancelDialog order={o} part={cancelling} onClose={() => setCancelling(null)} /> : null}

      <div className="mt-6 grid items-start gap-5 md:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4">
          {o.ordersVendorWise.map((g) => {
            const lines = o.productDetails.filter((l) => l.vendorId === g.vendorId);
            return (
              <section key={g._id} className={card} aria-label={`Items from ${g.brandName || 'the seller'}`}>
                <div className="flex flex-wrap items-start justify-between gap-2 border-b border-sand-100 pb-3">
                  <div className="min-w-0">
                    <p className="text-xs font-semibold tracking-[0.14em] text-ink-500 uppercase">Sold by</p>
                    <p className="font-semibold text-ink-900">{g.brandName || 'Seller'}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${statusClass(g.status)}`}>{statusLabel(g.status)}</span>
                    {openParts.length > 1 && canCancel(o.orderStatus) && canCancel(g.status) ? (
                      <Button variant="ghost" size="sm" onClick={() => setCancelling({ vendorId: g.vendorId, brand: g.brandName || 'this seller' })}>
                        Cancel these items
                      </Button>
                    ) : null}
                  </div>
                </div>
                {o.refunds
                  .filter((r) => r.vendorId === g.vendorId)
                  .map((r) => (
                    <p key={r.createdAt} className="mt-3 rounded-lg bg-leaf-600/10 px-3 py-2 text-sm text-leaf-600">
                      Cancelled on {formatDate(r.createdAt)}. {refundText(r, formatINR)}.
                    </p>
                  ))}
                <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                  <div>
                    <dt className="text-xs text-ink-500">Courier</dt>
                    <dd className="font-medium text-ink-900">{g.courierPartner ?? 'Not shipped yet'}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-ink-500">Tracking number</dt>
                    <dd className="font-medium break-all text-ink-900">
                      {g.awsNumber ?? '—'}
                      {/* a known courier's tracking page (vendor-orders COURIERS); an unknown courier shows the number only */}
                      {g.trackingUrl ? (
                        <a href={g.trackingUrl} target="_blank" rel="noreferrer noopener" className="ml-2 text-sm font-semibold text-brand-700 underline">
                          Track parcel
                        </a>
                      ) : null}
                    </dd>
                  </div>
                </dl>
                <ul className="mt-3 divide-y divide-sand-100">
                  {lines.map((l) => (
                    <li key={l._id} className="py-3 last:pb-0">
                      <LineRow orderId={o._id} line={l} invoiceable={invoiceable} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>

        <div className="space-y-4">
          <section className={card} aria-labelledby="ship-to">
            <h2 id="ship-to" className="text-xs font-semibold tracking-[0.16em] text-ink-500 uppercase">
              Shipping address
            </h2>
            <div className="mt-2">
              <AddressLines address={a} />
            </div>
          </section>

          <section className={card} aria-labelledby="order-summary">
            <h2 id="order-summary" className="text-xs font-semibold tracking-[0.16em] text-ink-500 uppercase">
              Order summary
            </h2>
            <dl className="mt-2 text-sm">
              <Row label="Subtotal" value={formatINR(o.orderSubTotal)} />
              <Row label="Shipping Charges" value={o.shippingCharges === 0 ? 'Free' : formatINR(o.shippingCharges)} green={o.shippingCharges === 0} />
              <Row label="Grand Total" value={formatINR(o.orderGrandTotal)} bold />
              {o.walletAmountUsed > 0 ? <Row label="Paid from wallet" value={`− ${formatINR(o.walletAmountUsed)}`} green /> : null}
              {o.walletAmountUsed > 0 ? <Row label={o.paymentMode === 'cod' ? 'To pay on delivery' : 'Paid online'} value={formatINR(o.amountPayable)} /> : null}
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}

/** Asks before cancelling (a cancel cannot be undone), with an optional reason the seller sees. */
function CancelDialog({ order, part, onClose }: { order: Order; part: { vendorId?: string; brand?: string }; onClose: () => void }) {
  const cancel = useCancelOrder(order._id);
  const [reason, setReason] = useState('');
  const whole = !part.vendorId;
  const submit = () =>
    cancel.mutate(
      { ...(part.vendorId ? { vendorId: part.vendorId } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Cancelled');
          onClose();
        },
        onError: (err) => toast.error(err instanceof ApiError ? err.message : MSG.serverError),
      },
    );
  return (
    <Dialog open onClose={onClose} title={whole ? 'Cancel this order?' : `Cancel the items from ${part.brand}?`}>
      <p className="text-sm leading-6 text-ink-700">
        {whole ? 'Every item in this order will be cancelled.' : `Only the items sold by ${part.brand} will be cancelled; the rest of your order goes ahead.`}{' '}
        {order.paymentMode === 'cod' && order.walletAmountUsed === 0
          ? 'Nothing has been paid, so there is nothing to refund.'
          : 'What you paid for them comes back to you: wallet cash to your wallet at once, an online payment the way you paid.'}
      </p>
      <label htmlFor="cancel-reason" className="mt-4 mb-1 block text-sm font-medium text-ink-900">
        Reason (optional)
      </label>
      <textarea
        id="cancel-reason"
        rows={3}
        maxLength={300}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className="block w-full rounded-lg border border-ink-500/40 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
      />
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
          Keep my order
        </Button>
        <Button onClick={submit} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : whole ? 'Cancel order' : 'Cancel these items'}
        </Button>
      </div>
    </Dialog>
  );
}

function Row({ label, value, bold = false, green = false }: { label: string; value: string; bold?: boolean; green?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1.5 ${bold ? 'mt-1 border-t border-dashed border-sand-100 pt-2.5 text-base font-semibold' : ''}`}>
      <dt className={bold ? '' : 'text-ink-700'}>{label}</dt>
      <dd className={`${bold ? '' : 'font-medium'} ${green ? 'text-leaf-600' : ''}`}>{value}</dd>
    </div>
  );
}

function LineRow({ orderId, line, invoiceable }: { orderId: string; line: OrderLine; invoiceable: boolean }) {
  const [busy, setBusy] = useState(false);
  const option = optionLabel(line);
  const invoice = async () => {
    setBusy(true);
    try {
      await downloadInvoice(orderId, line.productId ?? line._id);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : MSG.serverError, { id: 'invoice' });
    } finally {
      setBusy(false);
    }
  };
  const name = line.productId && line.slug ? (
    <Link to={`/product/${line.slug}`} className="hover:text-brand-700">
      {line.name}
    </Link>
  ) : (
    line.name
  );
  return (
    <article className="flex gap-3" aria-label={line.name}>
      <div className="w-16 shrink-0">
        {line.image ? (
          <img src={line.image} alt="" width={600} height={800} loading="lazy" className="aspect-[3/4] w-full rounded-lg bg-sand-100 object-cover" />
        ) : (
          <div className="aspect-[3/4] w-full rounded-lg bg-sand-100" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h3 className="line-clamp-2 text-sm leading-snug font-medium text-ink-900">{name}</h3>
        {option ? <p className="text-xs text-ink-500">{option}</p> : null}
        <p className="text-sm text-ink-700">
          {formatINR(line.price)} × {line.quantity} = <span className="font-semibold text-ink-900">{formatINR(line.price * line.quantity)}</span>
        </p>
        {invoiceable ? (
          <div className="mt-1">
            <Button variant="outline" size="sm" onClick={() => void invoice()} disabled={busy} aria-label={`Invoice for ${line.name}`}>
              {busy ? 'Preparing…' : 'Invoice'}
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
