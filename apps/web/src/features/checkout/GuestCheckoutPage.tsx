import { formatINR } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { useSession } from '../auth/session.ts';
import { useCart } from '../cart/api.ts';
import { guestCart } from '../cart/guest-cart.ts';
import { buyNowLine, createOrder } from './api.ts';
import { clearBuyNowItem } from './buy-now-item.ts';
import { guestAddresses, isVerifiedNow, orderAddressOf, useGuestAddresses, type GuestAddress } from './guest-address.ts';
import { GuestAddressForm, type GuestFormHandle } from './GuestAddressForm.tsx';
import { buyNowCheckoutLine, card, ErrorNote, MobilePayBar, OrderLineRow, PaymentModes, PriceDetails, SummaryRow, useBuyNowCheckoutItem, type CheckoutLine, type PayAction, useInitiateCheckoutOnce } from './parts.tsx';

/**
 * Guest checkout (shopping §2 Guest checkout, §4 guest and buy-now checkout, §6 guest): /guestCheckout orders the
 * local guest cart (myData), /guestCheckoutBuyNow the stored buy-now item. Shipping Detail lists the addresses
 * kept on this device (the first preselected) with an add/edit form that verifies the mobile by OTP; price details
 * show shipping Free; the only payment method is Online Payment. One Continue (issue 9, instead of the spec's Save
 * Address then Place order) completes the open form — checks it, verifies the mobile by OTP, keeps the address —
 * then sends the order with the verified mobile's token and follows data.url to the payment page; a mode without
 * a gateway shows 'Your order has been placed successfully' with OK back to the home page.
 */
export default function GuestCheckoutPage({ mode }: { mode: 'cart' | 'buyNow' }) {
  usePageTitle('Guest Checkout');
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const cart = useCart();
  const item = useBuyNowCheckoutItem(mode);
  const addresses = useGuestAddresses();
  const [picked, setPicked] = useState<string | null>(null);
  const [form, setForm] = useState<{ open: boolean; address: GuestAddress | null; askToVerify?: boolean }>({ open: false, address: null });
  const formHandle = useRef<GuestFormHandle>(null);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState(false);

  // The first address is preselected (§4); a removed selection falls back to it.
  const selectedId = picked && addresses.some((a) => a._id === picked) ? picked : (addresses[0]?._id ?? null);
  const selectedAddress = addresses.find((a) => a._id === selectedId) ?? null;
  const formOpen = form.open || addresses.length === 0;

  const lines: CheckoutLine[] = useMemo(() => {
    if (mode === 'cart') {
      return cart.items
        .filter((i) => !i.outOfStock)
        .map((i) => ({
          key: i.key,
          slug: i.slug,
          name: i.name,
          image: i.image,
          price: i.price,
          offeredPrice: i.offeredPrice,
          quantity: i.quantity,
          size: i.size,
          color: i.color,
          isFreeSize: i.isFreeSize,
          isColorOptions: i.isColorOptions,
          comboProducts: null,
        }));
    }
    return item ? [buyNowCheckoutLine(item)] : [];
  }, [mode, cart.items, item]);
  useInitiateCheckoutOnce(mode, lines, lines.reduce((s, l) => s + l.offeredPrice * l.quantity, 0));

  if (isLoggedIn && !placed) return <Navigate to={mode === 'cart' ? '/checkout' : '/buy-now/checkout'} replace />;

  const subTotal = lines.reduce((s, l) => s + l.offeredPrice * l.quantity, 0);
  const backTo = mode === 'cart' ? '/guestCheckoutCart' : item ? `/product/${item.productDetail.slug}` : '/';

  const placeOrder = async () => {
    if (placing) return;
    setError(null);
    let selected = selectedAddress;
    if (formOpen) {
      // The open form first: checked, its mobile verified, kept; or the shopper has something left to do there.
      setPlacing(true);
      const kept = await formHandle.current?.complete();
      if (!kept) {
        setPlacing(false);
        return;
      }
      setPicked(kept._id);
      setForm({ open: false, address: null });
      selected = kept;
    }
    if (!selected) {
      setPlacing(false);
      setError(MSG.selectAddress);
      toast.error(MSG.selectAddress, { id: 'guest-checkout' });
      return;
    }
    if (!isVerifiedNow(selected)) {
      // The verification ran out (30 minutes): verify the number again in the form, then Continue.
      setPlacing(false);
      setError(MSG.verifyPhone);
      toast.error(MSG.verifyPhone, { id: 'guest-checkout' });
      setForm({ open: true, address: selected, askToVerify: true });
      return;
    }
    setPlacing(true);
    try {
      const common = { address: orderAddressOf(selected), paymentMode: 'online', guestToken: selected.guestToken };
      const result =
        mode === 'cart'
          ? await createOrder('guestCart', {
              ...common,
              products: cart.items
                .filter((i) => !i.outOfStock)
                .map((i) => ({
                  _id: i.productId,
                  productId: i.productId,
                  quantity: i.quantity,
                  size: i.size ?? '',
                  color: i.color ?? '',
                  isFreeSize: String(i.isFreeSize),
                  isColorOptions: String(i.isColorOptions),
                })),
              cartDetails: { subTotal, shippingCharges: 0, grandTotal: subTotal },
            })
          : await createOrder('guestBuyNow', { ...common, ...buyNowLine(item!) });
      if (result.url) {
        window.location.assign(result.url);
        return;
      }
      // No gateway needed (not the case for Online Payment, but the server decides): the order is placed.
      if (mode === 'cart') guestCart.clear();
      else clearBuyNowItem();
      guestAddresses.clear();
      setPlaced(true);
      setPlacing(false);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : MSG.serverError;
      // The server refused the verification (used or expired): verify the number again.
      if (message === MSG.verifyPhone || (err instanceof ApiError && 'guestToken' in err.errors)) {
        guestAddresses.save({ ...selected, isOTPVerified: false, guestToken: null, tokenExpiresAt: null });
        setForm({ open: true, address: { ...selected, isOTPVerified: false, guestToken: null, tokenExpiresAt: null }, askToVerify: true });
      }
      setError(message);
      toast.error(message, { id: 'guest-checkout' });
      setPlacing(false);
    }
  };

  const payAction: PayAction = { label: 'Continue', busy: placing, onPay: () => void placeOrder() };

  if (lines.length === 0 && !placed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-14 text-center">
        <h1 className="font-display text-3xl text-brand-800">Guest Checkout</h1>
        <p className="mt-4 text-ink-700">{mode === 'cart' ? MSG.cartEmpty : 'There is no product waiting to be bought. Choose one and press BUY IT NOW.'}</p>
        <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
          Continue shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 pt-5 pb-32 md:px-6 md:pt-8 md:pb-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Guest Checkout</h1>
        <Link to={backTo} className="text-sm font-semibold text-brand-700 hover:underline">
          ← {mode === 'cart' ? 'Back to cart' : 'Back to product'}
        </Link>
      </div>

      <div className="mt-6 grid items-start gap-5 md:grid-cols-[1fr_22rem] lg:grid-cols-[1fr_24rem]">
        <div className="min-w-0 space-y-4">
          <section aria-labelledby="shipping-detail" className={`${card} p-4 md:p-5`}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="shipping-detail" className="text-base font-semibold text-ink-900">
                Shipping Detail
              </h2>
              {!formOpen ? (
                <Button variant="outline" size="sm" onClick={() => setForm({ open: true, address: null })}>
                  + Add New Address
                </Button>
              ) : null}
            </div>
            {addresses.length > 0 ? (
              <div role="radiogroup" aria-label="Shipping address" className="grid gap-3 sm:grid-cols-2">
                {addresses.map((a) => (
                  <GuestAddressCard
                    key={a._id}
                    address={a}
                    selected={a._id === selectedId}
                    onSelect={() => setPicked(a._id)}
                    onEdit={() => setForm({ open: true, address: a })}
                    onRemove={() => guestAddresses.remove(a._id)}
                  />
                ))}
              </div>
            ) : null}
            {formOpen ? (
              <div className={addresses.length > 0 ? 'mt-4 border-t border-sand-100 pt-4' : ''}>
                <h3 className="mb-3 text-sm font-semibold text-ink-900">{form.address ? 'Edit address' : 'Add a delivery address'}</h3>
                <GuestAddressForm
                  key={form.address?._id ?? 'new'}
                  address={form.address}
                  handle={formHandle}
                  askToVerify={form.askToVerify}
                  onSubmit={() => void placeOrder()}
                  onCancel={addresses.length > 0 ? () => setForm({ open: false, address: null }) : undefined}
                />
              </div>
            ) : null}
          </section>

          <section aria-labelledby="guest-items" className={`${card} p-4 md:p-5`}>
            <h2 id="guest-items" className="mb-3 text-base font-semibold text-ink-900">
              Your Items
            </h2>
            <ul className="divide-y divide-sand-100" aria-label="Items in this order">
              {lines.map((l) => (
                <li key={l.key} className="py-3 first:pt-0 last:pb-0">
                  <OrderLineRow line={l} />
                </li>
              ))}
            </ul>
            {mode === 'cart' && cart.items.length > lines.length ? (
              <p className="mt-3 rounded-lg bg-saffron-300/25 px-3 py-2 text-xs text-saffron-700">Items marked out of stock in your cart are not ordered.</p>
            ) : null}
          </section>
        </div>

        <PriceDetails lines={lines} subTotal={subTotal} shippingCharges={0} pay={payAction} rows={<SummaryRow label="Total" value={formatINR(subTotal)} strong />}>
          <h3 className="mt-5 mb-2 text-xs font-semibold tracking-[0.16em] text-ink-500 uppercase">Payment method</h3>
          <PaymentModes modes={['online']} value="online" onChange={() => {}} disabled={placing} />
          <div className="mt-3">
            <ErrorNote message={error} />
          </div>
        </PriceDetails>
      </div>

      <MobilePayBar amount={subTotal} caption="Online Payment" pay={payAction} />

      <Dialog open={placed} onClose={() => navigate('/')} title="Order placed">
        <p className="text-ink-700">{MSG.orderPlaced}</p>
        <Button size="lg" className="mt-5 w-full" onClick={() => navigate('/')} data-autofocus>
          OK
        </Button>
      </Dialog>
    </div>
  );
}

function GuestAddressCard({ address: a, selected, onSelect, onEdit, onRemove }: { address: GuestAddress; selected: boolean; onSelect: () => void; onEdit: () => void; onRemove: () => void }) {
  return (
    <div className={`flex flex-col rounded-xl border p-3 ${selected ? 'border-brand-600 bg-brand-50/50' : 'border-sand-100'}`}>
      <label className="flex flex-1 cursor-pointer items-start gap-3">
        <input type="radio" name="guest-address" checked={selected} onChange={onSelect} className="mt-1 size-4 shrink-0 accent-brand-700" aria-label={`${a.firstName} ${a.lastName}, ${a.city}`} />
        <span className="min-w-0 text-sm">
          <span className="block font-semibold text-ink-900">
            {a.firstName} {a.lastName}
          </span>
          <span className="mt-1 block leading-relaxed text-ink-700">
            {a.streetAddress}
            {a.landmark ? `, near ${a.landmark}` : ''}
            <br />
            {a.city}, {a.state} – {a.pincode}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-ink-700">
            {a.mobile}
            {a.isOTPVerified ? <span className="rounded-full bg-leaf-600/12 px-2 py-0.5 text-xs font-semibold text-leaf-600">✓ Verified</span> : <span className="rounded-full bg-saffron-300/30 px-2 py-0.5 text-xs font-semibold text-saffron-700">Not verified</span>}
          </span>
        </span>
      </label>
      <div className="mt-2 flex justify-end gap-1">
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit address of ${a.firstName} ${a.lastName}`}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove address of ${a.firstName} ${a.lastName}`}>
          Remove
        </Button>
      </div>
    </div>
  );
}
