import { formatDate } from '@statewise/contract/format';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { paymentModeLabel, statusClass, statusLabel } from '../orders/rules.ts';
import { useGuestOrder } from './api.ts';
import { tokenFromHash } from './order-links.ts';
import { OrderReceipt } from './OrderReceipt.tsx';
import { RetryPaymentButton } from './RetryPaymentButton.tsx';

/**
 * /order-status#token (issue 9): a guest's order, opened from the link the payment result gave them. The token
 * sits after the '#', so it never reaches a server log; guest/order reads the order by it. Shows the status, the
 * items, the amount, the address, the expected delivery and each seller's tracking once shipped; Retry payment
 * while the order still waits for its payment.
 */
export default function OrderStatusPage() {
  const { hash } = useLocation();
  const [token] = useState(() => tokenFromHash(hash));
  const result = useGuestOrder(token);
  const data = result.data;
  usePageTitle(data ? `Order ${data.orderNumber}` : 'Your order');

  if (!token || result.isError) {
    const invalid = !token || (result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400));
    return (
      <Page width="max-w-xl">
        <div role="alert" className="rounded-2xl bg-white px-6 py-14 text-center">
          <p className="font-display text-2xl text-brand-800">{invalid ? 'This order link is not valid' : 'We could not load your order'}</p>
          <p className="mt-2 text-sm text-ink-500">{invalid ? 'Please check that you copied the whole link.' : result.error?.message}</p>
          <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
            Go shopping
          </Link>
        </div>
      </Page>
    );
  }

  return (
    <Page>
      {!data || !data.order ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-56 w-full rounded-2xl" />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Order {data.orderNumber}</h1>
              <p className="mt-1 text-sm text-ink-500">
                Placed on {formatDate(data.order.createdAt)} · {paymentModeLabel(data.order.paymentMode)}
              </p>
            </div>
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClass(data.orderStatus)}`}>{statusLabel(data.orderStatus)}</span>
          </div>
          {data.canRetryPayment ? (
            <div className="mt-4 flex flex-col gap-3 rounded-2xl bg-saffron-300/20 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-ink-700">This order is waiting for its payment. Your items are kept for you for a little while.</p>
              <RetryPaymentButton orderId={data.orderId} orderToken={token} onRefused={() => void result.refetch()} />
            </div>
          ) : null}
          <div className="mt-6">
            <OrderReceipt order={data.order} expectedDelivery={data.expectedDelivery} tracking />
          </div>
        </>
      )}
    </Page>
  );
}
