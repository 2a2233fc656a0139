import { MSG } from '@statewise/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../auth/session.ts';
import { refreshCart } from '../cart/api.ts';
import { guestCart } from '../cart/guest-cart.ts';
import { walletKeys } from '../wallet/api.ts';
import { useOrderConfirmation } from './api.ts';
import { clearBuyNowItem } from './buy-now-item.ts';
import { guestAddresses } from './guest-address.ts';

const BACK_GUARD = 'sw-payment-result';

/**
 * /payment-confirmation?status=true|false&orderId={id} (shopping §2 Payment result), where the payment gateway
 * sends the shopper back (API.md) and where cash-on-delivery and wallet-paid orders land.
 *
 * - status=true: 'Payment Confirmed' with the order number, VIEW ORDER DETAIL (signed in; to the order) and
 *   Continue Shopping. Anything else: 'Sorry! Payment unsuccessful. Please try later' with a button home.
 *   The address bar is not taken on trust: with an orderId the server is asked (order/confirmOrder) and its
 *   answer decides; the parameter only decides while that answer is loading or when there is none.
 * - With a status parameter the guest cart (myData) and the saved guest addresses are cleared (as the spec says,
 *   whatever the status), the server cart is loaded again (a paid order empties the lines it bought) and so is
 *   the wallet. A paid order also clears the stored buy-now item.
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
  const confirmation = useOrderConfirmation(orderId);

  const ok = confirmation.data ? confirmation.data.status : status === 'true';
  const processing = confirmation.data?.orderStatus === 'created' && confirmation.data.paymentStatus === 'pending';
  usePageTitle(ok ? MSG.paymentConfirmed : 'Payment unsuccessful');

  // Local state follows the result once.
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current || status === null) return;
    cleared.current = true;
    guestCart.clear();
    guestAddresses.clear();
    if (status === 'true') clearBuyNowItem();
    void refreshCart(queryClient);
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['order'] });
  }, [status, queryClient]);

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

  const orderNumber = confirmation.data?.orderNumber ?? null;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center md:py-20" aria-live="polite">
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
        </>
      ) : (
        <>
          <span className="flex size-20 items-center justify-center rounded-full bg-red-600/10 text-red-700" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" className="size-10">
              <path d="M7 7l10 10M17 7L7 17" />
            </svg>
          </span>
          <h1 className="mt-6 font-display text-2xl text-brand-800 md:text-3xl">{MSG.paymentUnsuccessful}</h1>
          {confirmation.data ? <p className="mt-3 text-sm text-ink-500">Order {orderNumber} was not placed and nothing was charged. You can try again whenever you like.</p> : null}
          <Link to="/" replace className={buttonClass('primary', 'lg', 'mt-8')}>
            Back to Home
          </Link>
        </>
      )}
    </section>
  );
}
