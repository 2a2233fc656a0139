import { formatDate, formatINR, formatOrderNumber } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page, RetryPanel } from '../../components/Page.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { useOrders, type Order } from './api.ts';
import { orderPageCount, showOrderPagination, STATUS_OPTIONS, statusClass, statusLabel, toStartDate } from './rules.ts';
import { useListParams } from '../../lib/use-list-params.ts';

/**
 * /orders (shopping §2 Orders, §4 order statuses, §7 order/list): the buyer's orders, newest first, filtered by a
 * start date and a status, 10 a page. The filters and the page live in the address bar (?from=&status=&page=), so
 * a reload or the back button keeps them; changing a filter goes back to page 1. Pagination shows only above 10
 * orders. Orders still awaiting payment are not listed (the server hides them).
 */
export default function OrdersPage() {
  usePageTitle('My Orders');
  const { page, get, set } = useListParams({ pagesInHistory: true });
  const from = /^\d{4}-\d{2}-\d{2}$/.test(get('from')) ? get('from') : '';
  const statusParam = get('status');
  const status = (STATUS_OPTIONS as readonly string[]).includes(statusParam) ? statusParam : '';
  const orders = useOrders({ startDate: toStartDate(from), orderStatus: status, page });
  // Today in India time, the latest start date worth choosing.
  const [today] = useState(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));


  const count = orders.data?.count ?? 0;
  const pages = orderPageCount(count);
  const filtered = Boolean(from || status);

  return (
    <Page back={{ to: '/profile', label: 'My account' }}>
      <h1 className="font-display text-3xl text-brand-800 md:text-4xl">My Orders</h1>

      <form className="mt-5 grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-[0_1px_3px_rgb(31_26_28/0.08)] sm:flex sm:flex-wrap sm:items-end" onSubmit={(e) => e.preventDefault()} aria-label="Filter orders">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-ink-900">
          Placed from
          <input
            type="date"
            value={from}
            max={today}
            onChange={(e) => set({ from: e.target.value })}
            className="h-10 w-full min-w-0 rounded-lg border border-ink-500/40 bg-white px-3 text-base text-ink-900"
          />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-ink-900">
          Status
          <select value={status} onChange={(e) => set({ status: e.target.value })} className="h-10 w-full min-w-0 rounded-lg border border-ink-500/40 bg-white px-3 text-base text-ink-900 sm:w-48">
            <option value="">All orders</option>
            {STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <Button variant="ghost" className="col-span-2 sm:col-span-1" onClick={() => set({ from: '', status: '' })}>
            Clear filters
          </Button>
        ) : null}
      </form>

      <div className="mt-5" aria-busy={orders.isFetching || undefined}>
        {orders.isPending ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 w-full rounded-2xl" />
            ))}
          </div>
        ) : orders.isError ? (
          <RetryPanel message={orders.error.message || MSG.serverError} onRetry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <div className="rounded-2xl bg-white px-6 py-14 text-center shadow-[0_1px_3px_rgb(31_26_28/0.06)]">
            <p className="font-display text-2xl text-brand-800">Your Order Bucket is empty !</p>
            <p className="mt-2 text-sm text-ink-500">{filtered ? 'No order matches these filters.' : 'Orders you place will show here.'}</p>
            {filtered ? (
              <Button variant="outline" className="mt-5" onClick={() => set({ from: '', status: '' })}>
                Clear filters
              </Button>
            ) : (
              <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
                Start shopping
              </Link>
            )}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-500">
              {count} {count === 1 ? 'order' : 'orders'}
            </p>
            <ul className={`space-y-3 transition-opacity ${orders.isPlaceholderData ? 'opacity-60' : ''}`}>
              {orders.data.orders.map((o) => (
                <li key={o._id}>
                  <OrderCard order={o} />
                </li>
              ))}
            </ul>
            {showOrderPagination(count) ? (
              <div className="mt-6">
                <Pagination page={Math.min(page, pages)} pageCount={pages} onChange={(p) => {
                    set({ page: String(p) });
                    window.scrollTo(0, 0);
                  }} label="Order pages" />
              </div>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}

function OrderCard({ order: o }: { order: Order }) {
  const number = formatOrderNumber(o.orderInitial, o.orderId);
  const items = o.productDetails.reduce((s, l) => s + l.quantity, 0);
  return (
    <Link
      to={`/OrderDetail/${o._id}`}
      className="block rounded-2xl bg-white p-4 shadow-[0_1px_3px_rgb(31_26_28/0.08)] transition-shadow hover:shadow-[0_4px_14px_rgb(31_26_28/0.10)] md:p-5"
      aria-label={`Order ${number}, ${statusLabel(o.orderStatus)}, ${formatINR(o.orderGrandTotal)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-ink-900">Order {number}</p>
          <p className="text-xs text-ink-500">Placed on {formatDate(o.createdAt)}</p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${statusClass(o.orderStatus)}`}>{statusLabel(o.orderStatus)}</span>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div className="flex -space-x-3">
          {o.productDetails.slice(0, 3).map((l) =>
            l.image ? (
              <img key={l._id} src={l.image} alt="" width={600} height={800} loading="lazy" className="aspect-[3/4] w-12 rounded-lg border-2 border-white bg-sand-100 object-cover" />
            ) : (
              <span key={l._id} className="aspect-[3/4] w-12 rounded-lg border-2 border-white bg-sand-100" />
            ),
          )}
        </div>
        <p className="min-w-0 flex-1 truncate text-sm text-ink-700">
          {o.productDetails[0]?.name}
          {o.productDetails.length > 1 ? ` and ${o.productDetails.length - 1} more` : ''}
        </p>
      </div>
      <div className="mt-3 flex items-baseline justify-between border-t border-sand-100 pt-3 text-sm">
        <span className="text-ink-500">
          {items} {items === 1 ? 'item' : 'items'}
        </span>
        <span className="font-semibold text-ink-900">{formatINR(o.orderGrandTotal)}</span>
      </div>
    </Link>
  );
}
