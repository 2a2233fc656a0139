import { formatDate, formatINR } from '@statewise/contract/format';
import { ADMIN_ORDER_SEARCH_MAX, ADMIN_ORDERS_PAGE_SIZE, type AdminOrderSummary } from '@statewise/contract/schemas/admin-orders';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { AdminFrame, EmptyNote, fieldClass } from '../ui.tsx';
import { useAdminOrders } from './api.ts';
import { ORDER_STATUS_FILTERS, ORDER_STATUS_LABEL, PAYMENT_MODE_LABEL, PAYMENT_STATUS_LABEL, statusClass } from './labels.ts';
import { useListParams } from '../../../lib/use-list-params.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/orders (role admin): every order, newest first, found by order number, mobile or e-mail, filtered by status
 * and dates; search, filters and page live in the address bar. A table from 768 px, cards on a phone; each opens
 * /admin/orders/{id}.
 */
export default function OrdersPage() {
  const { q, page, get, set, clear, draft, setDraft, onSearch } = useListParams();
  const statusParam = get('status');
  const status = ORDER_STATUS_FILTERS.some((s) => s.key === statusParam) ? statusParam : '';
  const from = DAY.test(get('from')) ? get('from') : '';
  const to = DAY.test(get('to')) ? get('to') : '';
  const list = useAdminOrders({ q, status, from, to, page });

  const filtered = Boolean(q || status || from || to);

  return (
    <AdminFrame title="Orders" intro="Every order on the marketplace: find one by its number, the buyer’s mobile or e-mail; open it to move a seller’s part along or cancel with a refund.">
      <form role="search" aria-label="Search orders" onSubmit={onSearch} className="flex w-full min-w-0 gap-2">
        <label htmlFor="admin-order-search" className="sr-only">
          Search by order number, mobile or e-mail
        </label>
        <input
          id="admin-order-search"
          type="search"
          value={draft}
          maxLength={ADMIN_ORDER_SEARCH_MAX}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Order no., mobile or e-mail"
          className="min-h-11 min-w-0 flex-1 rounded-full border border-ink-500/40 px-4 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <button type="submit" className={buttonClass('primary', 'md')}>
          Search
        </button>
      </form>

      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[12rem_10rem_10rem_auto] sm:items-end">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="admin-order-status" className="mb-1 block text-xs font-medium text-ink-500">
            Status
          </label>
          <select id="admin-order-status" value={status} onChange={(e) => set({ status: e.target.value })} className={fieldClass}>
            {ORDER_STATUS_FILTERS.map((s) => (
              <option key={s.key || 'all'} value={s.key}>
                {s.key ? s.label : 'All statuses'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="admin-order-from" className="mb-1 block text-xs font-medium text-ink-500">
            From
          </label>
          <input id="admin-order-from" type="date" value={from} max={to || undefined} onChange={(e) => set({ from: e.target.value })} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="admin-order-to" className="mb-1 block text-xs font-medium text-ink-500">
            To
          </label>
          <input id="admin-order-to" type="date" value={to} min={from || undefined} onChange={(e) => set({ to: e.target.value })} className={fieldClass} />
        </div>
        {filtered ? (
          <button
            type="button"
            onClick={clear}
            className={`${buttonClass('ghost', 'md')} col-span-2 justify-self-start sm:col-span-1`}
          >
            Clear
          </button>
        ) : null}
      </div>

      <div className="mt-4">
        {list.isPending ? (
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : list.data.orders.length === 0 ? (
          <EmptyNote>{filtered ? 'No order matches this search.' : 'No orders yet.'}</EmptyNote>
        ) : (
          <>
            <p className="mb-2 text-sm text-ink-500" aria-live="polite">
              {list.data.count === 1 ? '1 order' : `${list.data.count.toLocaleString('en-IN')} orders`}
            </p>
            <OrderCards orders={list.data.orders} />
            <OrderTable orders={list.data.orders} />
          </>
        )}
        {list.data && list.data.count > ADMIN_ORDERS_PAGE_SIZE ? (
          <div className="mt-6 flex justify-center">
            <Pagination page={page} pageCount={Math.ceil(list.data.count / ADMIN_ORDERS_PAGE_SIZE)} onChange={(p) => set({ page: String(p) })} />
          </div>
        ) : null}
      </div>
    </AdminFrame>
  );
}

function StatusBadge({ status }: { status: AdminOrderSummary['status'] }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass(status)}`}>{ORDER_STATUS_LABEL[status]}</span>;
}

const vendorNames = (o: AdminOrderSummary) => o.vendors.map((v) => v.brandName || 'Seller').join(', ') || '—';
const payment = (o: AdminOrderSummary) => `${PAYMENT_MODE_LABEL[o.paymentMode] ?? o.paymentMode} · ${PAYMENT_STATUS_LABEL[o.paymentStatus] ?? o.paymentStatus}`;

/** Phones: one card per order. */
function OrderCards({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <ul aria-label="Orders" className="space-y-2 md:hidden">
      {orders.map((o) => (
        <li key={o._id}>
          <Link to={`/admin/orders/${o._id}`} aria-label={`Order ${o.orderNumber}`} className="block rounded-2xl border border-sand-100 bg-white p-4 shadow-sm hover:bg-brand-50/50">
            <span className="flex items-center justify-between gap-2">
              <span className="font-semibold text-ink-900">{o.orderNumber}</span>
              <StatusBadge status={o.status} />
            </span>
            <span className="mt-1 block truncate text-sm text-ink-900">
              {o.buyer.name || '—'}
              {o.buyer.guest ? <span className="text-ink-500"> (guest)</span> : null}
              {o.buyer.mobile ? <span className="text-ink-500"> · +91 {o.buyer.mobile}</span> : null}
            </span>
            <span className="block truncate text-sm text-ink-500">{vendorNames(o)}</span>
            <span className="mt-2 flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate text-ink-500">
                {formatDate(o.createdAt)} · {payment(o)}
              </span>
              <span className="shrink-0 font-semibold text-ink-900">{formatINR(o.grandTotal)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** From 768 px: a table. */
function OrderTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-sand-100 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders</caption>
        <thead className="bg-sand-100/50 text-xs tracking-wider text-ink-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Order
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Buyer
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Sellers
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Total
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Payment
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-100">
          {orders.map((o) => (
            <tr key={o._id} className="hover:bg-brand-50/40">
              <td className="px-4 py-3 align-top">
                <Link to={`/admin/orders/${o._id}`} className="font-semibold text-brand-700 hover:underline">
                  {o.orderNumber}
                </Link>
                <span className="block text-xs text-ink-500">{formatDate(o.createdAt)}</span>
              </td>
              <td className="max-w-56 px-4 py-3 align-top">
                <span className="block truncate text-ink-900">
                  {o.buyer.name || '—'}
                  {o.buyer.guest ? <span className="text-ink-500"> (guest)</span> : null}
                </span>
                <span className="block truncate text-xs text-ink-500">{o.buyer.mobile ? `+91 ${o.buyer.mobile}` : (o.buyer.email ?? '—')}</span>
              </td>
              <td className="max-w-48 px-4 py-3 align-top">
                <span className="line-clamp-2 text-ink-700">{vendorNames(o)}</span>
              </td>
              <td className="px-4 py-3 text-right align-top font-semibold whitespace-nowrap text-ink-900">
                {formatINR(o.grandTotal)}
                <span className="block text-xs font-normal text-ink-500">
                  {o.itemsCount} {o.itemsCount === 1 ? 'item' : 'items'}
                </span>
              </td>
              <td className="px-4 py-3 align-top text-ink-700">
                {PAYMENT_MODE_LABEL[o.paymentMode] ?? o.paymentMode}
                <span className="block text-xs text-ink-500">{PAYMENT_STATUS_LABEL[o.paymentStatus] ?? o.paymentStatus}</span>
              </td>
              <td className="px-4 py-3 align-top">
                <StatusBadge status={o.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
