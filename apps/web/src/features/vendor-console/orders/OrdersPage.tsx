import { formatDate, formatINR } from '@statewise/contract/format';
import { VENDOR_ORDERS_PAGE_SIZE } from '@statewise/contract/schemas/vendor-orders';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { useVendorOrders } from './api.ts';
import { ConsoleFrame } from './ConsoleNav.tsx';
import { VENDOR_STATUS_LABEL, VENDOR_STATUS_TABS, vendorStatusClass } from './rules.ts';
import { useListParams } from '../../../lib/use-list-params.ts';

const PAYMENT_LABEL: Record<string, string> = { cod: 'Cash on delivery', online: 'Paid online', wallet: 'Wallet' };

/**
 * /vendor/orders (role vendor): the vendor's parts of orders, newest first, by status (tabs) and searched by order
 * number or buyer name; the status, search and page live in the address bar. Each opens /vendor/orders/{id}.
 */
export default function VendorOrdersPage() {
  usePageTitle('Orders · Vendor console');
  const { q: search, page, get, set, draft, setDraft, onSearch } = useListParams();
  const statusParam = get('status');
  const status = (VENDOR_STATUS_TABS as readonly string[]).includes(statusParam) ? statusParam : '';
  const list = useVendorOrders({ status, search, page });


  return (
    <ConsoleFrame title="Orders">
      <div role="tablist" aria-label="Order status" className="flex overflow-x-auto border-b border-sand-100">
        {VENDOR_STATUS_TABS.map((s) => (
          <button
            key={s || 'all'}
            type="button"
            role="tab"
            aria-selected={s === status}
            aria-controls="vendor-orders-panel"
            onClick={() => set({ status: s })}
            className={`relative shrink-0 px-4 py-3 text-sm font-semibold tracking-wider uppercase ${
              s === status ? 'text-brand-700 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-saffron-500' : 'text-ink-500 hover:text-brand-700'
            }`}
          >
            {s ? VENDOR_STATUS_LABEL[s] : 'All'}
          </button>
        ))}
      </div>

      <form role="search" aria-label="Search orders" onSubmit={onSearch} className="mt-4 flex gap-2">
        <label htmlFor="vendor-order-search" className="sr-only">
          Search by order number or buyer name
        </label>
        <input
          id="vendor-order-search"
          type="search"
          value={draft}
          maxLength={80}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Order no. or buyer name"
          className="min-h-11 min-w-0 flex-1 rounded-full border border-ink-500/40 px-4 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <button type="submit" className={buttonClass('primary', 'md')}>
          Search
        </button>
      </form>

      <div id="vendor-orders-panel" role="tabpanel" className="mt-4">
        {list.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-24 w-full rounded-2xl" />
          </div>
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : list.data.orders.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-sand-100 px-4 py-10 text-center text-sm text-ink-500">
            {search ? `No orders match “${search}”.` : status ? `No ${VENDOR_STATUS_LABEL[status as keyof typeof VENDOR_STATUS_LABEL].toLowerCase()} orders.` : 'No orders yet.'}
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Orders">
            {list.data.orders.map((o) => (
              <li key={o.orderId}>
                <Link
                  to={`/vendor/orders/${o.orderId}`}
                  aria-label={`Order ${o.orderNumber}`}
                  className="block rounded-2xl border border-sand-100 bg-white p-4 shadow-sm hover:border-brand-300"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-ink-900">
                      {o.orderNumber} <span className="font-normal text-ink-500">· {formatDate(o.createdAt)}</span>
                    </p>
                    <span className={`rounded-full px-3 py-1 text-xs font-semibold ${vendorStatusClass(o.status)}`}>{VENDOR_STATUS_LABEL[o.status]}</span>
                  </div>
                  <p className="mt-1 text-sm text-ink-700">
                    {o.buyerName} · {o.city}
                  </p>
                  <div className="mt-2 flex flex-wrap items-end justify-between gap-2 text-sm">
                    <p className="min-w-0 text-ink-500">
                      {o.lines.map((l) => `${l.name}${l.size ? ` (${l.size.toUpperCase()})` : l.color ? ` (${l.color})` : ''} × ${l.quantity}`).join(', ')}
                    </p>
                    <p className="shrink-0">
                      <span className="font-semibold text-ink-900">{formatINR(o.partTotal)}</span>{' '}
                      <span className="text-xs text-ink-500">{PAYMENT_LABEL[o.paymentMode] ?? o.paymentMode}</span>
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.count > VENDOR_ORDERS_PAGE_SIZE ? (
          <div className="mt-6 flex justify-center">
            <Pagination page={page} pageCount={Math.ceil(list.data.count / VENDOR_ORDERS_PAGE_SIZE)} onChange={(p) => set({ page: String(p) })} />
          </div>
        ) : null}
      </div>
    </ConsoleFrame>
  );
}
