import { MSG } from '@statewise/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { useSession } from '../auth/session.ts';
import { refreshCart } from '../cart/api.ts';
import { guestCart } from '../cart/guest-cart.ts';
import { walletKeys } from '../wallet/api.ts';
import { useOrderConfirmation } from './api.ts';
import { clearBuyNowItem } from './buy-now-item.ts';
import { guestAddresses } from './guest-address.ts';
import { orderStatusLink, orderTokenFor } from './order-links.ts';
import { OrderReceipt } from './OrderReceipt.tsx';
import { RetryPaymentButton } from './RetryPaymentButton.tsx';

const BACK_GUARD = 'sw-payment-result';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/**
 * /payment-confirmation?status=true|false&orderId={id} (shopping §2 Payment result), where the payment gateway
 * sends the shopper back (API.md) and where cash-on-delivery and wallet-paid orders land.
 *
 * - status=true: 'Payment Confirmed' with the order number, the items, amount paid, delivery address and expected
 *   delivery date (issue 9), VIEW ORDER DETAIL (signed in; to the order) and Continue Shopping; a guest gets the
 *   link to see the order again. Anything else: 'Sorry! Payment unsuccessful. Please try later' with Retry payment
 *   while the order is still held (its 30 minutes), Back to cart and Back to Home.
 *   The address bar is not taken on trust: with an orderId the server is asked (order/confirmOrder) and its
 *   answer decides; the parameter only decides while that answer is loading or when there is none.
 * - The guest cart (myData), the saved guest addresses and the buy-now item are cleared only once the server says
 *   the order went through (issue 9: a failed or abandoned payment keeps them, for a retry or another try; the
 *   spec cleared them whatever the status). With a status parameter the server cart is loaded again (a paid order
 *   empties the lines it bought) and so is the wallet.
 * - The browser's back button goes home (a copy of this entry is pushed; going back to the original means home).
 */
export default function PaymentConfirmationPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const orderId = params.get('orderId');
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [orderToken] = useState(() => orderTokenFor(orderId));
  const confirmation = useOrderConfirmation(orderId, orderToken);
  const data = confirmation.data;

  const ok = data ? data.status : status === 'true';
  const processing = data?.orderStatus === 'created' && data.paymentStatus === 'pending';
  usePageTitle(ok ? MSG.paymentConfirmed : 'Payment unsuccessful');

  // The server state follows the result once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current || status === null) return;
    refreshed.current = true;
    void refreshCart(queryClient);
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  }, [status, queryClient]);

  // The guest's local state goes only when the server says the order went through.
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current || status === null || !data?.status) return;
    cleared.current = true;
    guestCart.clear();
    guestAddresses.clear();
    clearBuyNowItem();
  }, [status, data?.status]);

  // Back goes home: this entry is pushed again with a marker; arriving back at the unmarked one means "back".
  const armed = useRef(false);
  const guarded = (location.state as { guard?: string } | null)?.guard === BACK_GUARD;
  useEffect(() => {
    if (guarded) {
      armed.current = true;
      return;
    }
    if (armed.current) {
      navigate('/', { replace: true });
      return;
    }
    navigate({ pathname: location.pathname, search: location.search }, { state: { guard: BACK_GUARD } });
  }, [guarded, location.pathname, location.search, location.key, navigate]);

  const orderNumber = data?.orderNumber ?? null;
  const cartPath = isLoggedIn ? '/cart' : '/guestCheckoutCart';
  const canRetry = Boolean(orderId && data?.canRetryPayment && (isLoggedIn || orderToken));

  return (
    <section className="mx-auto flex max-w-4xl flex-col items-center px-4 py-12 text-center md:py-16" aria-live="polite">
      {(orderId && confirmation.isPending) || processing ? (
        <div className="w-full" aria-busy="true">
          <Skeleton className="mx-auto size-20 rounded-full" />
          <Skeleton className="mx-auto mt-6 h-8 w-64" />
          <Skeleton className="mx-auto mt-3 h-5 w-48" />
          {processing ? <p className="mt-6 text-sm text-ink-700">We are confirming your payment with the bank. This page updates by itself.</p> : null}
        </div>
      ) : ok ? (
        <>
          <span className="flex size-20 items-center justify-center rounded-full bg-leaf-600/12 text-leaf-600" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" className="size-10">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
          <h1 className="mt-6 font-display text-3xl text-brand-800 md:text-4xl">{MSG.paymentConfirmed}</h1>
          {orderNumber ? (
            <p className="mt-3 text-ink-700">
              Your order number is <strong className="font-semibold text-ink-900">{orderNumber}</strong>
            </p>
          ) : null}
          <p className="mt-2 text-sm text-ink-500">{MSG.orderPlaced}. We will let you know when it ships.</p>
          {!isLoggedIn && orderToken ? <GuestOrderLink token={orderToken} /> : null}
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {isLoggedIn && orderId ? (
              <Link to={`/OrderDetail/${encodeURIComponent(orderId)}`} className={buttonClass('primary', 'lg')}>
                VIEW ORDER DETAIL
              </Link>
            ) : null}
            <Link to="/" replace className={buttonClass(isLoggedIn && orderId ? 'outline' : 'primary', 'lg')}>
              Continue Shopping
            </Link>
          </div>
          {data?.order ? (
            <div className="mt-10 w-full">
              <OrderReceipt order={data.order} expectedDelivery={data.expectedDelivery} />
            </div>
          ) : null}
        </>
      ) : (
        <>
          <span className="flex size-20 items-center justify-center rounded-full bg-red-600/10 text-red-700" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" className="size-10">
              <path d="M7 7l10 10M17 7L7 17" />
            </svg>
          </span>
          <h1 className="mt-6 font-display text-2xl text-brand-800 md:text-3xl">{MSG.paymentUnsuccessful}</h1>
          {data?.canRetryPayment && data.paymentExpiresAt ? (
            <p className="mt-3 max-w-md text-sm text-ink-700">
              Nothing was charged. Your items are kept for order {orderNumber} until {timeFormat.format(new Date(data.paymentExpiresAt))}: retry the payment, or go back to
              your cart.
            </p>
          ) : data ? (
            <p className="mt-3 max-w-md text-sm text-ink-500">Order {orderNumber} was not paid and has been cancelled; nothing was charged. Your cart is still here.</p>
          ) : null}
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {canRetry && orderId ? <RetryPaymentButton orderId={orderId} orderToken={orderToken} onRefused={() => void confirmation.refetch()} /> : null}
            <Link to={cartPath} className={buttonClass(canRetry ? 'outline' : 'primary', 'lg')}>
              Back to cart
            </Link>
            <Link to="/" replace className={buttonClass('ghost', 'lg')}>
              Back to Home
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

/** The guest's way back to the order: a link to save (the token after '#', so it is never sent to a server). */
function GuestOrderLink({ token }: { token: string }) {
  const link = orderStatusLink(token);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="mt-6 w-full max-w-xl rounded-2xl border border-sand-100 bg-white shadow-[0_1px_3px_rgb(31_26_28/0.08)] p-4 text-left">
      <p className="font-semibold text-ink-900">Save this link to see your order</p>
      <p className="mt-1 text-sm text-ink-500">Anyone with the link can see this order, so keep it to yourself.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <a href={link} className="min-w-0 flex-1 truncate rounded-lg bg-sand-50 px-3 py-2 font-mono text-sm text-brand-700 underline" data-testid="guest-order-link">
          {link}
        </a>
        <Button variant="outline" size="sm" onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}
