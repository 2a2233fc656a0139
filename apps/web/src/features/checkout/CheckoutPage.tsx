import { formatINR } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { Stepper } from '../../components/ui/Stepper.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { AddressDrawer, useAddresses, type Address } from '../addresses/index.ts';
import { AddressLines } from '../addresses/AddressCard.tsx';
import { draftForAccount } from '../addresses/validate.ts';
import { useProfile } from '../auth/api.ts';
import { refreshCart, useServerCart } from '../cart/api.ts';
import { useWallet, walletKeys } from '../wallet/api.ts';
import { buyNowLine, createOrder, type PaymentChoice } from './api.ts';
import { clearBuyNowItem } from './buy-now-item.ts';
import {
  buyNowCheckoutLine,
  card,
  ErrorNote,
  MobilePayBar,
  OrderLineRow,
  PAY_DELAY_MS,
  PaymentModes,
  PriceDetails,
  SummaryRow,
  useBuyNowCheckoutItem,
  useInitiateCheckoutOnce,
  wait,
  type CheckoutLine,
  type PayAction,
} from './parts.tsx';
import {
  afterOrder,
  CHECKOUT_STEPS,
  checkoutTotals,
  initialCheckout,
  isCombo,
  itemsText,
  keepSelection,
  payBlock,
  piecesOf,
  sectionState,
  SIGNED_IN_PAYMENT_MODES,
  stepAfterRefusal,
  type CheckoutStep,
} from './rules.ts';
import { WalletCashToggle } from './WalletCashToggle.tsx';

/** How many saved addresses show before View All Addresses. */
const ADDRESSES_SHOWN = 3;

/**
 * The signed-in checkout (shopping §2 Checkout, §4 logged-in checkout, wallet cash; §5 checkout without an address):
 * /checkout orders the server cart, /buy-now/checkout the stored buy-now item. Three steps — Address (0), Order
 * Summary (1), Payment (2) — start at 1 with the last saved address preselected, or at 0 without one. One step is
 * open at a time; a finished one collapses to a line with Change, a later one shows only its title (issue 9). The
 * right column sums up the order with the wallet-cash switch and holds the pay action, disabled (and saying why)
 * until an address is chosen; it waits 500 ms, sends the order, then follows data.url to the payment page, or
 * (cash on delivery, or wallet cash covering everything) goes straight to the result page. Cash on delivery is
 * offered for the cart too, within the server's COD cap. A refused order is shown to the shopper and the stepper
 * returns to step 1 — or stays at Payment when the COD cap refused it, so Online Payment is one tap away.
 */
export default function CheckoutPage({ mode }: { mode: 'cart' | 'buyNow' }) {
  usePageTitle('Checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = useAddresses();
  const wallet = useWallet();
  const profile = useProfile();
  const cart = useServerCart(mode === 'cart');
  const item = useBuyNowCheckoutItem(mode);

  const [choice, setChoice] = useState<{ step: CheckoutStep; addressId: string | null } | null>(null);
  const [drawer, setDrawer] = useState<{ open: boolean; address: Address | null }>({ open: false, address: null });
  const [showAll, setShowAll] = useState(false);
  const [walletOn, setWalletOn] = useState(false);
  const [paymentMode, setPaymentMode] = useState<PaymentChoice>('online');
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const list = useMemo(() => addresses.data ?? [], [addresses.data]);
  const start = addresses.data ? initialCheckout(addresses.data) : null;
  const step: CheckoutStep = choice?.step ?? start?.step ?? 0;
  const addressId = keepSelection(list, choice ? choice.addressId : (start?.addressId ?? null));
  const selected = list.find((a) => a._id === addressId) ?? null;
  const go = (patch: Partial<{ step: CheckoutStep; addressId: string | null }>) => setChoice({ step, addressId, ...patch });

  // ---- the lines and their totals ----
  const lines: CheckoutLine[] = useMemo(() => {
    if (mode === 'cart') {
      return (cart.data?.cartProducts ?? [])
        .filter((l) => !l.outOfStock)
        .map((l) => ({
          key: l._id,
          slug: l.productId.slug,
          name: l.productId.name,
          image: l.image || l.productId.images[0] || null,
          price: l.productId.price,
          offeredPrice: l.productId.offeredPrice,
          quantity: l.quantity,
          size: l.size,
          color: l.color,
          isFreeSize: l.isFreeSize,
          isColorOptions: l.isColorOptions,
          comboProducts: isCombo(l.productId.categoryId) ? l.quantity : null,
        }));
    }
    return item ? [buyNowCheckoutLine(item)] : [];
  }, [mode, cart.data, item]);

  const subTotal = mode === 'cart' ? (cart.data?.subTotal ?? 0) : lines.reduce((s, l) => s + l.offeredPrice * l.quantity, 0);
  // Shipping is free on every order in India (the cart's one shipping rule; §9 "Shipping shown as Free").
  const shippingCharges = mode === 'cart' ? (cart.data?.shippingCharges ?? 0) : 0;
  const totals = checkoutTotals({ subTotal, shippingCharges, walletBalance: wallet.data?.walletBalance, unspentReward: wallet.data?.unspentReward, useWallet: walletOn });
  const walletCoversAll = totals.walletUsed > 0 && totals.payable === 0;
  const pieces = piecesOf(lines);
  const blocked = payBlock({ addressId, addressCount: list.length });

  useInitiateCheckoutOnce(mode, lines, subTotal + shippingCharges);

  const loading = addresses.isPending || (mode === 'cart' ? cart.isPending : false);
  const nothingToBuy = !loading && lines.length === 0;

  const pay = async () => {
    if (paying) return;
    setError(null);
    // The button is disabled then; this guards a press that raced the address list.
    if (!addressId) {
      setError(MSG.selectAddress);
      go({ step: 0 });
      return;
    }
    setPaying(true);
    await wait(PAY_DELAY_MS);
    const sentMode: PaymentChoice = walletCoversAll ? 'online' : paymentMode;
    try {
      const common = { address: addressId, paymentMode: sentMode, isWalletUse: String(totals.walletUsed > 0) };
      const result = mode === 'cart' ? await createOrder('cart', common) : await createOrder('buyNow', { ...common, ...buyNowLine(item!) });
      const next = afterOrder(result);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      if (next.kind === 'gateway') {
        // Leaving for the payment page: the button keeps its spinner until the page goes.
        window.location.assign(next.url);
        return;
      }
      if (mode === 'buyNow') clearBuyNowItem();
      void refreshCart(queryClient);
      navigate(next.to);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : MSG.serverError;
      setError(message);
      toast.error(message, { id: 'checkout-error' });
      setPaying(false);
      go({ step: stepAfterRefusal({ status: err instanceof ApiError ? err.status : null, message, paymentMode: sentMode }) });
      // Stock, prices or the wallet may have changed: show them as they are now.
      void refreshCart(queryClient);
      void wallet.refetch();
    }
  };

  const payAction: PayAction = {
    label: blocked ? blocked.label : walletCoversAll ? 'Place Order' : paymentMode === 'cod' ? 'Place Order' : `Pay ${formatINR(totals.payable)}`,
    busy: paying,
    onPay: () => void pay(),
    blocked: blocked?.reason ?? null,
  };
  const newAddressDraft = profile.data ? draftForAccount(profile.data) : undefined;

  if (nothingToBuy) return <NothingToBuy mode={mode} />;

  const shown = showAll ? list : visibleAddresses(list, addressId);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-5 pb-32 md:px-6 md:pt-8 md:pb-12">
      <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Checkout</h1>
      <div className="mt-4 max-w-xl">
        <Stepper steps={CHECKOUT_STEPS} current={step} onSelect={(s) => go({ step: s as CheckoutStep })} label="Checkout steps" />
      </div>

      {loading ? (
        <div className="mt-6 grid gap-6 md:grid-cols-[1fr_22rem]" aria-busy="true">
          <div className="space-y-3">
            <Skeleton className="h-40 w-full rounded-2xl" />
            <Skeleton className="h-32 w-full rounded-2xl" />
          </div>
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-5 md:grid-cols-[1fr_22rem] lg:grid-cols-[1fr_24rem]">
          <div className="min-w-0 space-y-4">
            {step !== 2 ? <ErrorNote message={error} /> : null}
            {/* 0 — Address */}
            <Section
              index={0}
              title="Delivery Address"
              step={step}
              summary={selected ? `${selected.firstName} ${selected.lastName}, ${selected.streetAddress}, ${selected.city} – ${selected.pincode}` : null}
              onChange={() => go({ step: 0 })}
            >
              {list.length === 0 ? (
                <p className="rounded-xl bg-sand-50 px-4 py-6 text-center text-sm text-ink-700">{MSG.noAddress}. Add one to continue.</p>
              ) : (
                <div role="radiogroup" aria-label="Delivery address" className="grid gap-3">
                  {shown.map((a) => (
                    <AddressOption
                      key={a._id}
                      address={a}
                      selected={a._id === addressId}
                      onSelect={() => go({ addressId: a._id })}
                      onEdit={() => setDrawer({ open: true, address: a })}
                      onDeliver={() => go({ addressId: a._id, step: 1 })}
                    />
                  ))}
                </div>
              )}
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Button variant="outline" onClick={() => setDrawer({ open: true, address: null })}>
                  + Add New Address
                </Button>
                {list.length > ADDRESSES_SHOWN ? (
                  <Button variant="ghost" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
                    {showAll ? 'Show fewer addresses' : `View All Addresses (${list.length})`}
                  </Button>
                ) : null}
              </div>
            </Section>

            {/* 1 — Order Summary */}
            <Section
              index={1}
              title="Order Summary"
              step={step}
              aside={itemsText(pieces)}
              summary={`${itemsText(pieces)} · ${formatINR(subTotal + shippingCharges)}`}
              onChange={() => go({ step: 1 })}
            >
              <ul className="divide-y divide-sand-100" aria-label="Items in this order">
                {lines.map((l) => (
                  <li key={l.key} className="py-3 first:pt-0 last:pb-0">
                    <OrderLineRow line={l} />
                  </li>
                ))}
              </ul>
              {mode === 'cart' && (cart.data?.cartProducts.length ?? 0) > lines.length ? (
                <p className="mt-3 rounded-lg bg-saffron-300/25 px-3 py-2 text-xs text-saffron-700">
                  Items that are out of stock stay in your <Link to="/cart" className="font-semibold underline">cart</Link> and are not ordered.
                </p>
              ) : null}
              <div className="mt-4 flex justify-end">
                <Button onClick={() => (addressId ? go({ step: 2 }) : (setError(MSG.selectAddress), go({ step: 0 })))}>Continue to Payment</Button>
              </div>
            </Section>

            {/* 2 — Payment */}
            <Section index={2} title="Payment" step={step} later="Online Payment or Cash on Delivery, chosen after you review your order.">
              <div className="space-y-3">
                {walletCoversAll ? (
                  <p className="rounded-xl bg-leaf-600/10 px-3 py-2.5 text-sm font-medium text-leaf-600">Your wallet cash covers this whole order — no payment needed.</p>
                ) : (
                  <PaymentModes modes={SIGNED_IN_PAYMENT_MODES} value={paymentMode} onChange={setPaymentMode} disabled={paying} />
                )}
                <ErrorNote message={error} />
              </div>
            </Section>
          </div>

          {/* the summary and the pay action */}
          <PriceDetails
            lines={lines}
            subTotal={subTotal}
            shippingCharges={shippingCharges}
            pay={payAction}
            rows={
              <>
                {totals.walletUsed > 0 ? <SummaryRow label="Wallet cash" value={`− ${formatINR(totals.walletUsed)}`} tone="green" /> : null}
                <SummaryRow label="Amount Payable" value={formatINR(totals.payable)} strong />
              </>
            }
          >
            <div className="mt-4">
              <WalletCashToggle
                balance={wallet.data?.walletBalance ?? null}
                loading={wallet.isPending}
                failed={wallet.isError}
                cash={totals.cash}
                on={walletOn}
                onChange={setWalletOn}
                disabled={paying}
              />
            </div>
          </PriceDetails>
        </div>
      )}

      {!loading ? <MobilePayBar amount={totals.payable} caption="Amount payable" pay={payAction} /> : null}

      <AddressDrawer
        open={drawer.open}
        address={drawer.address}
        initialDraft={newAddressDraft}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onSaved={(saved, how) => {
          setError(null);
          go(how === 'added' ? { addressId: saved._id, step: 1 } : { addressId: saved._id });
        }}
      />
    </div>
  );
}

/** The first few addresses, with the selected one always among them. */
function visibleAddresses(list: Address[], selectedId: string | null): Address[] {
  const first = list.slice(0, ADDRESSES_SHOWN);
  if (!selectedId || first.some((a) => a._id === selectedId)) return first;
  const sel = list.find((a) => a._id === selectedId);
  return sel ? [...first.slice(0, ADDRESSES_SHOWN - 1), sel] : first;
}

/**
 * One step of the checkout: open (its content), done (a one-line summary with Change, which opens it again) or
 * later (its title, and `later` as a hint) — rules.sectionState.
 */
function Section({
  index,
  title,
  step,
  aside,
  summary,
  later,
  onChange,
  children,
}: {
  index: CheckoutStep;
  title: string;
  step: CheckoutStep;
  aside?: string;
  summary?: string | null;
  later?: string;
  onChange?: () => void;
  children: React.ReactNode;
}) {
  const state = sectionState(index, step);
  return (
    <section
      aria-labelledby={`checkout-step-${index}`}
      data-state={state}
      className={`${card} p-4 md:p-5 ${state === 'open' ? 'ring-1 ring-brand-200' : ''} ${state === 'later' ? 'opacity-75' : ''}`}
    >
      <div className={`flex items-center justify-between gap-2 ${state === 'open' ? 'mb-3' : ''}`}>
        <h2 id={`checkout-step-${index}`} className="flex min-w-0 items-center gap-2 text-base font-semibold text-ink-900">
          <span
            className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${state === 'open' ? 'bg-brand-700 text-white' : state === 'done' ? 'bg-leaf-600 text-white' : 'bg-sand-100 text-ink-500'}`}
            aria-hidden="true"
          >
            {index + 1}
          </span>
          {title}
        </h2>
        {state === 'done' && onChange ? (
          <Button variant="ghost" size="sm" className="shrink-0" onClick={onChange} aria-label={`Change ${title.toLowerCase()}`}>
            Change
          </Button>
        ) : aside && state === 'open' ? (
          <span className="shrink-0 text-xs text-ink-500">{aside}</span>
        ) : null}
      </div>
      {state === 'open' ? children : null}
      {state === 'done' && summary ? <p className="mt-1 truncate pl-8 text-sm text-ink-700">{summary}</p> : null}
      {state === 'later' && later ? <p className="mt-1 pl-8 text-sm text-ink-500">{later}</p> : null}
    </section>
  );
}

function AddressOption({ address, selected, onSelect, onEdit, onDeliver }: { address: Address; selected: boolean; onSelect: () => void; onEdit: () => void; onDeliver: () => void }) {
  return (
    <div className={`rounded-xl border p-3 transition-colors md:p-4 ${selected ? 'border-brand-600 bg-brand-50/50' : 'border-sand-100'}`}>
      <label className="flex cursor-pointer items-start gap-3">
        <input type="radio" name="address" checked={selected} onChange={onSelect} className="mt-1 size-4 shrink-0 accent-brand-700" aria-label={`${address.firstName} ${address.lastName}, ${address.city}`} />
        <span className="min-w-0 flex-1 text-sm">
          <AddressLines address={address} />
        </span>
      </label>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit address of ${address.firstName} ${address.lastName}`}>
          Edit
        </Button>
        {selected ? (
          <Button size="sm" onClick={onDeliver}>
            Deliver Here
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function NothingToBuy({ mode }: { mode: 'cart' | 'buyNow' }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-14 text-center">
      <h1 className="font-display text-3xl text-brand-800">Checkout</h1>
      <p className="mt-4 text-ink-700">
        {mode === 'cart' ? 'There is nothing in your cart that can be ordered right now.' : 'There is no product waiting to be bought. Choose one and press BUY IT NOW.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {mode === 'cart' ? (
          <Link to="/cart" className={buttonClass('outline', 'lg')}>
            Go to cart
          </Link>
        ) : null}
        <Link to="/" className={buttonClass('primary', 'lg')}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
