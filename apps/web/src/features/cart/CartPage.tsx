import { formatINR } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { Link, Navigate } from 'react-router';
import { BottomBar } from '../../components/BottomBar.tsx';
import { RetryPanel } from '../../components/Page.tsx';
import { ProductCarousel } from '../../components/ProductCarousel.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { useCart, useCartSimilarProducts, useRemoveCartLine, type CartItem, type CartState } from './api.ts';
import { EmptyBag } from './CartDrawer.tsx';
import { CartLineRow } from './CartLineRow.tsx';
import { useMoveToWishlist } from './line-actions.ts';
import { PaymentBadges } from './PaymentBadges.tsx';

/**
 * The cart pages (shopping §2): /cart for a signed-in shopper (the server cart, Proceed to Checkout → /checkout)
 * and /guestCheckoutCart for a guest (the local cart, Guest Checkout → /guestCheckout).
 */
export default function CartPage({ guest }: { guest: boolean }) {
  usePageTitle('Your Cart');
  const { isLoggedIn } = useSession();
  const cart = useCart();
  const similar = useCartSimilarProducts(!guest && cart.items.length > 0);

  // /cart itself is behind RequireAuth (guests go to /guestCheckoutCart); a signed-in visitor of the guest page goes to /cart.
  if (guest && isLoggedIn) return <Navigate to="/cart" replace />;

  const checkout = guest ? { to: '/guestCheckout', label: 'Guest Checkout' } : { to: '/checkout', label: 'Proceed to Checkout' };
  const buyable = cart.items.filter((i) => !i.outOfStock);

  return (
    <div className={`mx-auto max-w-7xl px-4 pt-5 md:px-6 md:pt-8 md:pb-12 ${cart.items.length > 0 ? 'pb-28' : 'pb-12'}`}>
      <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Your Cart</h1>

      {cart.isLoading ? (
        <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
          <div className="space-y-3">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-36 w-full rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      ) : cart.isError ? (
        <RetryPanel message={MSG.serverError} onRetry={cart.refetch} className="mt-6" />
      ) : cart.items.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl bg-white px-6 py-14 text-center shadow-[0_1px_3px_rgb(31_26_28/0.06)]">
          <EmptyBag />
          <p className="mt-4 font-display text-2xl text-brand-800">{MSG.cartEmpty}</p>
          <p className="mt-2 max-w-sm text-sm text-ink-700">Handloom sarees, hand-block prints, crafts from every state — find something you love.</p>
          <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="mt-5 grid grid-cols-1 items-start gap-6 md:mt-6 md:grid-cols-[minmax(0,1fr)_22rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div>
            {cart.savings > 0 ? (
              <p className="mb-3 rounded-xl border border-leaf-600/20 bg-leaf-600/10 px-4 py-2.5 text-sm font-semibold text-leaf-600" role="status">
                You save {formatINR(cart.savings)} on this order
              </p>
            ) : null}
            {guest ? <GuestLoginHint /> : null}
            <ul className="space-y-3" aria-label="Items in your cart">
              {cart.items.map((item) => (
                <li key={item.key} className="rounded-2xl bg-white p-3 shadow-[0_1px_3px_rgb(31_26_28/0.06)] md:p-4">
                  <CartLineRow item={item} actions={<LineActions item={item} />} />
                </li>
              ))}
            </ul>
          </div>
          <Summary cart={cart} checkout={checkout} canCheckout={buyable.length > 0} someUnavailable={buyable.length < cart.items.length} />
          {/* phones: the total and the way to checkout stay in reach */}
          <BottomBar>
            <div className="min-w-0 flex-1">
              <p className="text-lg leading-tight font-semibold">{formatINR(cart.grandTotal)}</p>
              <p className="text-[11px] text-ink-500">Grand Total</p>
            </div>
            <CheckoutLink to={checkout.to} label={checkout.label} enabled={buyable.length > 0} />
          </BottomBar>
        </div>
      )}

      {!guest ? <ProductCarousel title="You may also like" products={similar.data} loading={similar.isPending && similar.fetchStatus !== 'idle'} /> : null}
    </div>
  );
}

function CheckoutLink({ to, label, enabled, wide = false }: { to: string; label: string; enabled: boolean; wide?: boolean }) {
  const cls = buttonClass('primary', 'lg', wide ? 'w-full' : '');
  return enabled ? (
    <Link to={to} className={cls}>
      {label}
    </Link>
  ) : (
    <button type="button" disabled className={cls}>
      {label}
    </button>
  );
}

function Summary({
  cart,
  checkout,
  canCheckout,
  someUnavailable,
}: {
  cart: CartState;
  checkout: { to: string; label: string };
  canCheckout: boolean;
  someUnavailable: boolean;
}) {
  const row = 'flex items-baseline justify-between py-1.5 text-sm';
  return (
    <aside aria-label="Price details" className="rounded-2xl bg-white p-5 shadow-[0_1px_3px_rgb(31_26_28/0.06)] md:sticky md:top-36">
      <h2 className="text-xs font-semibold tracking-[0.16em] text-ink-500 uppercase">Price details</h2>
      <dl className="mt-3">
        {cart.savings > 0 ? (
          <>
            <div className={row}>
              <dt className="text-ink-700">Total MRP</dt>
              <dd className="font-medium">{formatINR(cart.subTotal + cart.savings)}</dd>
            </div>
            <div className={row}>
              <dt className="text-ink-700">Discount on MRP</dt>
              <dd className="font-medium text-leaf-600">− {formatINR(cart.savings)}</dd>
            </div>
          </>
        ) : null}
        <div className={row}>
          <dt className="text-ink-700">Subtotal</dt>
          <dd className="font-medium">{formatINR(cart.subTotal)}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-700">Shipping Charges</dt>
          <dd className={`font-medium ${cart.shippingCharges === 0 ? 'text-leaf-600' : ''}`}>{cart.shippingCharges === 0 ? 'Free' : formatINR(cart.shippingCharges)}</dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between border-t border-dashed border-sand-100 pt-3">
          <dt className="font-semibold">Grand Total</dt>
          <dd className="text-xl font-semibold">{formatINR(cart.grandTotal)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-ink-500">{MSG.shippingInclusive}</p>
      {someUnavailable ? <p className="mt-3 rounded-lg bg-saffron-300/25 px-3 py-2 text-xs text-saffron-700">Items marked out of stock are not counted and will not be ordered.</p> : null}
      {/* phones have the bottom bar's */}
      <div className="mt-4 hidden md:block">
        <CheckoutLink to={checkout.to} label={checkout.label} enabled={canCheckout} wide />
      </div>
      <PaymentBadges className="mt-5 border-t border-sand-100 pt-4" />
    </aside>
  );
}

/** Remove and Move to Wishlist under each line of the cart page. */
function LineActions({ item }: { item: CartItem }) {
  const { remove, pendingKey } = useRemoveCartLine();
  const { move, isPending } = useMoveToWishlist();
  const busy = pendingKey === item.key || isPending;
  const link = 'rounded-full px-2.5 py-1.5 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors disabled:opacity-50';
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void remove(item)} className={`${link} text-ink-700 hover:bg-sand-100`} aria-label={`Remove ${item.name}`}>
        Remove
      </button>
      <button type="button" disabled={busy} onClick={() => void move(item)} className={`${link} text-brand-700 hover:bg-brand-50`} aria-label={`Move ${item.name} to wishlist`}>
        Move to Wishlist
      </button>
    </>
  );
}

/** A guest may log in here: the cart moves into their account and they land on /cart (accounts §4.1). */
function GuestLoginHint() {
  return (
    <p className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 px-4 py-2.5 text-sm text-brand-800">
      <span>Have an account? Log in to keep your cart and check out faster.</span>
      <button type="button" onClick={() => openLogin()} className="font-semibold underline">
        Log in
      </button>
    </p>
  );
}
