import { formatINR } from '@statewise/contract/format';
import type { ExpectedDelivery, Order } from '@statewise/contract/schemas/orders';
import { AddressLines } from '../addresses/AddressCard.tsx';
import { optionLabel } from '../cart/CartLineRow.tsx';

const card = 'rounded-2xl bg-white p-4 text-left shadow-[0_1px_3px_rgb(31_26_28/0.08)] md:p-5';
const heading = 'text-xs font-semibold tracking-[0.16em] text-ink-500 uppercase';

/**
 * What was ordered, as the payment result and a guest's order page show it (issue 9): the items (picture, name,
 * size or colour, quantity, price), the amount paid, the delivery address and the expected delivery date; with
 * `tracking`, each seller's courier and tracking number once shipped.
 */
export function OrderReceipt({ order: o, expectedDelivery, tracking = false }: { order: Order; expectedDelivery: ExpectedDelivery | null; tracking?: boolean }) {
  const shipped = o.ordersVendorWise.filter((g) => g.awsNumber || g.courierPartner);
  const paidOnline = o.paymentMode === 'online' && (o.paymentStatus === 'paid' || o.paymentStatus === 'refund_pending' || o.paymentStatus === 'refunded');
  return (
    <div className="grid w-full items-start gap-4 md:grid-cols-[1fr_18rem]">
      <section className={card} aria-labelledby="receipt-items">
        <h2 id="receipt-items" className={heading}>
          Items
        </h2>
        <ul className="mt-2 divide-y divide-sand-100">
          {o.productDetails.map((l) => {
            const option = optionLabel(l);
            return (
              <li key={l._id} className="flex gap-3 py-3 last:pb-0">
                <img src={l.image} alt="" width={600} height={800} loading="lazy" decoding="async" className="aspect-[3/4] w-16 shrink-0 rounded-lg bg-sand-100 object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink-900">{l.name}</p>
                  <p className="mt-0.5 text-sm text-ink-500">
                    {option ? `${option} · ` : ''}Qty {l.quantity}
                  </p>
                </div>
                <p className="shrink-0 text-right font-semibold text-ink-900">
                  {formatINR(l.price * l.quantity)}
                  {l.quantity > 1 ? <span className="block text-xs font-normal text-ink-500">{formatINR(l.price)} each</span> : null}
                </p>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="space-y-4">
        <section className={card} aria-labelledby="receipt-amount">
          <h2 id="receipt-amount" className={heading}>
            Amount
          </h2>
          <dl className="mt-2 space-y-1 text-sm">
            <Row label="Order total" value={formatINR(o.orderGrandTotal)} />
            {o.walletAmountUsed > 0 ? <Row label="Paid from wallet" value={formatINR(o.walletAmountUsed)} /> : null}
            {o.paymentMode === 'cod' ? (
              <Row label="To pay on delivery" value={formatINR(o.amountPayable)} strong />
            ) : (
              <Row label={paidOnline ? 'Amount paid' : 'To pay online'} value={formatINR(o.amountPayable > 0 ? o.amountPayable : o.walletAmountUsed)} strong />
            )}
          </dl>
        </section>

        {expectedDelivery ? (
          <section className={card} aria-labelledby="receipt-delivery">
            <h2 id="receipt-delivery" className={heading}>
              Expected delivery
            </h2>
            <p className="mt-2 font-semibold text-leaf-600">{expectedDelivery.deliveryText}</p>
          </section>
        ) : null}

        <section className={card} aria-labelledby="receipt-address">
          <h2 id="receipt-address" className={heading}>
            Delivery address
          </h2>
          <div className="mt-2">
            <AddressLines address={o.address} />
          </div>
        </section>

        {tracking ? (
          <section className={card} aria-labelledby="receipt-tracking">
            <h2 id="receipt-tracking" className={heading}>
              Tracking
            </h2>
            {shipped.length ? (
              <ul className="mt-2 space-y-2 text-sm">
                {shipped.map((g) => (
                  <li key={g._id}>
                    <span className="font-medium text-ink-900">{g.brandName || 'Seller'}</span>: {g.courierPartner ?? 'Courier'} · tracking number{' '}
                    <span className="font-medium break-all text-ink-900">{g.awsNumber ?? '—'}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-ink-700">Not shipped yet. The courier and tracking number appear here once it ships.</p>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-700">{label}</dt>
      <dd className={strong ? 'font-semibold text-ink-900' : 'text-ink-900'}>{value}</dd>
    </div>
  );
}
