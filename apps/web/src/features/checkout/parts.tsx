import { formatINR } from '@statewise/contract/format';
import { QUANTITY } from '@statewise/contract/constants';
import { MSG, onlyLeftMessage } from '@statewise/contract/messages';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BottomBar } from '../../components/BottomBar.tsx';
import { Price } from '../../components/Price.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { QuantityStepper } from '../../components/ui/QuantityStepper.tsx';
import type { CartItem } from '../cart/api.ts';
import { optionLabel } from '../cart/CartLineRow.tsx';
import { PaymentBadges } from '../cart/PaymentBadges.tsx';
import { tracking } from '../../lib/tracking.ts';
import { useProduct } from '../product/api.ts';
import type { PaymentChoice } from './api.ts';
import { buyNowStock, setBuyNowQuantity, useBuyNowItem, type BuyNowItem } from './buy-now-item.ts';
import { buyNowLimit, isCombo, itemsText, piecesOf } from './rules.ts';

/** Pieces shared by the signed-in and the guest checkouts. */

export const card = 'rounded-2xl bg-white shadow-[0_1px_3px_rgb(31_26_28/0.08)]';

/** One line of an order as the checkouts show it: what a cart line shows, and how its quantity may change. */
export interface CheckoutLine extends Pick<CartItem, 'key' | 'slug' | 'name' | 'image' | 'price' | 'offeredPrice' | 'quantity' | 'size' | 'color' | 'isFreeSize' | 'isColorOptions'> {
  /**
   * Combo products show their number of products instead of a stepper (§2 Checkout): a vendor's combo made in chat
   * says how many products it holds (numberOfProducts, accounts §3 temporary product); a catalogue product in the
   * hidden Combo category is counted by the pieces ordered.
   */
  comboProducts: number | null;
  /** The buy-now stepper (1 to max). */
  stepper?: { max: number; stock: number; onChange: (next: number) => void };
}

/**
 * The initiate-checkout event (INR), once, when a cart checkout (signed-in or guest) opens with lines; buy-now
 * fires it where buy-now starts, on the product page.
 */
export function useInitiateCheckoutOnce(mode: 'cart' | 'buyNow', lines: CheckoutLine[], value: number): void {
  const tracked = useRef(false);
  useEffect(() => {
    if (mode !== 'cart' || tracked.current || lines.length === 0) return;
    tracked.current = true;
    tracking.initiateCheckout({ value, items: piecesOf(lines) });
  }, [mode, lines, value]);
}

/**
 * The buy-now checkouts' item (null in cart mode): the stored one, with the product as it is now (price and stock
 * may have changed since the product page).
 */
export function useBuyNowCheckoutItem(mode: 'cart' | 'buyNow'): BuyNowItem | null {
  const stored = useBuyNowItem();
  const buyNowItem = mode === 'buyNow' ? stored : null;
  const live = useProduct(buyNowItem?.productDetail.slug ?? '');
  return useMemo(() => (buyNowItem && live.data ? { ...buyNowItem, productDetail: live.data.productDetail } : buyNowItem), [buyNowItem, live.data]);
}

/** The buy-now item as the checkout's one line, with its quantity stepper (1 to the stock, at most 10). */
export function buyNowCheckoutLine(item: BuyNowItem): CheckoutLine {
  const p = item.productDetail;
  const stock = buyNowStock(item);
  return {
    key: item.productId,
    slug: p.slug,
    name: p.name,
    image: (item.isColorOptions ? p.colorInventory.find((c) => c.color === item.color)?.images[0] : null) ?? p.images[0] ?? null,
    price: p.price,
    offeredPrice: p.offeredPrice,
    quantity: item.quantity,
    size: item.size,
    color: item.color,
    isFreeSize: item.isFreeSize,
    isColorOptions: item.isColorOptions,
    comboProducts: isCombo(p.categoryId) ? (item.numberOfProducts ?? item.quantity) : null,
    stepper: { max: buyNowLimit(stock), stock, onChange: (q: number) => setBuyNowQuantity(item, q) },
  };
}

export function OrderLineRow({ line }: { line: CheckoutLine }) {
  const option = optionLabel(line);
  const onLimit = (edge: 'min' | 'max') => {
    const message =
      edge === 'min' ? MSG.quantityMin : line.stepper && line.stepper.stock < QUANTITY.max ? (line.stepper.stock <= 0 ? MSG.outOfStock : onlyLeftMessage(line.stepper.stock)) : MSG.quantityMax;
    toast.error(message, { id: 'checkout-quantity' });
  };
  return (
    <article className="flex gap-3" aria-label={line.name}>
      <div className="w-16 shrink-0 md:w-20">
        {line.image ? (
          <img src={line.image} alt="" width={600} height={800} loading="lazy" decoding="async" className="aspect-[3/4] w-full rounded-lg bg-sand-100 object-cover" />
        ) : (
          <div className="aspect-[3/4] w-full rounded-lg bg-sand-100" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="line-clamp-2 text-sm leading-snug font-medium text-ink-900 md:text-base">
          {line.slug ? (
            <Link to={`/product/${line.slug}`} className="hover:text-brand-700">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </h3>
        {option ? <p className="text-xs text-ink-500">{option}</p> : null}
        <Price price={line.price} offeredPrice={line.offeredPrice} className="text-sm" />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          {line.comboProducts !== null ? (
            <span className="rounded-full bg-saffron-300/30 px-3 py-1 text-xs font-semibold text-saffron-700">
              Combo · {line.comboProducts} {line.comboProducts === 1 ? 'product' : 'products'}
            </span>
          ) : line.stepper ? (
            <QuantityStepper value={line.quantity} max={line.stepper.max} onChange={line.stepper.onChange} onLimit={onLimit} size="sm" label={`Quantity of ${line.name}`} />
          ) : (
            <span className="text-xs text-ink-700">Qty: {line.quantity}</span>
          )}
          <span className="text-sm font-semibold text-ink-900">{formatINR(line.offeredPrice * line.quantity)}</span>
        </div>
      </div>
    </article>
  );
}

/** Rows of the price summary: label and amount; `tone` colours the amount. */
export function SummaryRow({ label, value, tone, strong = false }: { label: ReactNode; value: ReactNode; tone?: 'green'; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? 'mt-2 border-t border-dashed border-sand-100 pt-3' : 'py-1.5 text-sm'}`}>
      <dt className={strong ? 'font-semibold' : 'text-ink-700'}>{label}</dt>
      <dd className={`${strong ? 'text-xl font-semibold' : 'font-medium'} ${tone === 'green' ? 'text-leaf-600' : ''}`}>{value}</dd>
    </div>
  );
}

/** Shipping as the spec shows it: Free when nothing is charged. */
export const shippingText = (amount: number) => (amount === 0 ? 'Free' : formatINR(amount));

const MODE_TEXT: Record<PaymentChoice, { title: string; detail: string }> = {
  online: { title: 'Online Payment', detail: 'UPI, cards, net banking and wallets through our secure payment page' },
  cod: { title: 'Cash on Delivery', detail: 'Pay the courier when your order arrives' },
};

/** The payment modes to choose from (radio cards). */
export function PaymentModes({
  modes,
  value,
  onChange,
  disabled = false,
  note,
}: {
  modes: readonly PaymentChoice[];
  value: PaymentChoice;
  onChange: (mode: PaymentChoice) => void;
  disabled?: boolean;
  note?: ReactNode;
}) {
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="sr-only">Payment method</legend>
      {modes.map((m) => (
        <label
          key={m}
          className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors ${value === m ? 'border-brand-600 bg-brand-50/60' : 'border-sand-100 hover:border-brand-200'}`}
        >
          <input type="radio" name="paymentMode" value={m} checked={value === m} onChange={() => onChange(m)} className="mt-1 size-4 accent-brand-700" />
          <span>
            <span className="block text-sm font-semibold text-ink-900">{MODE_TEXT[m].title}</span>
            <span className="block text-xs text-ink-500">{MODE_TEXT[m].detail}</span>
          </span>
        </label>
      ))}
      {note ? <p className="text-xs text-ink-700">{note}</p> : null}
    </fieldset>
  );
}

/** A spinner for buttons that wait on a request. */
export function Spinner() {
  return <span className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" />;
}

/** A refusal shown where the shopper is looking (the spec only logged these; we say what went wrong). */
export function ErrorNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Waits `ms` (the pay action's 500 ms pause before sending, §4). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pause before the pay action sends (§4 logged-in checkout). */
export const PAY_DELAY_MS = 500;

/** 'Subtotal (1 item)', 'Subtotal (3 items)': pieces, as everywhere in checkout (rules.piecesOf). */
export function itemsLabel(lines: ReadonlyArray<{ quantity: number }>): string {
  return `Subtotal (${itemsText(piecesOf(lines))})`;
}

/**
 * The pay action of a checkout: its label, busy while the order is being sent, and `blocked` (a sentence) while it
 * cannot be pressed yet — the button is disabled and the sentence stands under it.
 */
export interface PayAction {
  label: string;
  busy: boolean;
  onPay: () => void;
  blocked?: string | null;
}

function PayButton({ pay, className, describedBy }: { pay: PayAction; className?: string; describedBy?: string }) {
  return (
    <Button size="lg" className={className} onClick={pay.onPay} disabled={pay.busy || Boolean(pay.blocked)} aria-describedby={pay.blocked ? describedBy : undefined}>
      {pay.busy ? <Spinner /> : null}
      {pay.label}
    </Button>
  );
}

/**
 * The price column of both checkouts: subtotal and shipping, then the checkout's own rows (`rows`: wallet cash,
 * the amount to pay), the shipping note, the checkout's own controls (`children`), the pay button from 768 px
 * (phones have MobilePayBar) and the payment badges.
 */
export function PriceDetails({
  lines,
  subTotal,
  shippingCharges,
  rows,
  pay,
  children,
}: {
  lines: ReadonlyArray<{ quantity: number }>;
  subTotal: number;
  shippingCharges: number;
  rows: ReactNode;
  pay: PayAction;
  children: ReactNode;
}) {
  const reasonId = useId();
  return (
    <aside aria-label="Price details" className={`${card} p-5 md:sticky md:top-36`}>
      <h2 className="text-xs font-semibold tracking-[0.16em] text-ink-500 uppercase">Price details</h2>
      <dl className="mt-3">
        <SummaryRow label={itemsLabel(lines)} value={formatINR(subTotal)} />
        <SummaryRow label="Shipping Charges" value={shippingText(shippingCharges)} tone={shippingCharges === 0 ? 'green' : undefined} />
        {rows}
      </dl>
      <p className="mt-1 text-xs text-ink-500">{MSG.shippingInclusive}</p>
      {children}
      <div className="mt-4 hidden md:block">
        <PayButton pay={pay} className="w-full" describedBy={reasonId} />
        {pay.blocked ? (
          <p id={reasonId} className="mt-2 text-center text-sm font-medium text-saffron-700">
            {pay.blocked}
          </p>
        ) : null}
      </div>
      <PaymentBadges className="mt-5 border-t border-sand-100 pt-4" />
    </aside>
  );
}

/** Phones: the amount to pay and the pay action stay in reach at the bottom of the screen. */
export function MobilePayBar({ amount, caption, pay }: { amount: number; caption: string; pay: PayAction }) {
  const reasonId = useId();
  return (
    <BottomBar>
      <div className="min-w-0 flex-1">
        <p className="text-lg leading-tight font-semibold">{formatINR(amount)}</p>
        {pay.blocked ? (
          <p id={reasonId} className="text-[11px] leading-tight font-medium text-saffron-700">
            {pay.blocked}
          </p>
        ) : (
          <p className="text-[11px] text-ink-500">{caption}</p>
        )}
      </div>
      <PayButton pay={pay} describedBy={reasonId} />
    </BottomBar>
  );
}
