import { formatDate, formatINR } from '@statewise/contract/format';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/Page.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { useVendorDashboard } from './api.ts';
import { ConsoleFrame } from './ConsoleNav.tsx';
import { VENDOR_STATUS_LABEL, vendorStatusClass } from './rules.ts';

/**
 * /vendor (role vendor): today's and this month's orders and sales (India time; paid or cash on delivery, not
 * cancelled), the orders waiting to be shipped, products running low (≤ 3 pieces in a size, colour or free size)
 * and the latest orders.
 */
export default function VendorDashboardPage() {
  usePageTitle('Vendor dashboard');
  const d = useVendorDashboard();
  return (
    <ConsoleFrame title="Dashboard">
      {d.isPending ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : d.isError ? (
        <RetryPanel message={d.error.message} onRetry={() => d.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
            <Tile label="Orders today" value={String(d.data.today.orders)} />
            <Tile label="Sales today" value={formatINR(d.data.today.sales)} />
            <Tile label="Orders this month" value={String(d.data.month.orders)} />
            <Tile label="Sales this month" value={formatINR(d.data.month.sales)} />
            <Tile label="New orders to ship" value={String(d.data.newOrders)} to="/vendor/orders?status=pending" highlight={d.data.newOrders > 0} />
          </div>

          <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
            <section aria-labelledby="low-stock" className="min-w-0 rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
              <div className="flex items-center justify-between">
                <h2 id="low-stock" className="font-display text-lg text-brand-800">Low stock</h2>
                <Link to="/vendor/products" className="text-sm font-semibold text-brand-700 underline">
                  Products
                </Link>
              </div>
              {d.data.lowStock.length === 0 ? (
                <p className="mt-3 text-sm text-ink-500">Every product has more than 3 pieces in each size and colour.</p>
              ) : (
                <ul className="mt-2 divide-y divide-sand-100">
                  {d.data.lowStock.map((p) => (
                    <li key={p.productId}>
                      <Link to="/vendor/products" className="flex items-center gap-3 py-2 hover:bg-brand-50/50">
                        {p.image ? <img src={p.image} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-lg object-cover" /> : <span className="size-10 shrink-0 rounded-lg bg-sand-100" />}
                        {/* name above its badge, so a phone shows the name too */}
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm text-ink-900">{p.name}</span>
                          <span className={`mt-0.5 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${p.left === 0 ? 'bg-red-50 text-red-700' : 'bg-saffron-500/15 text-saffron-700'}`}>
                            {p.variant}: {p.left === 0 ? 'sold out' : `${p.left} left`}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="recent-orders" className="min-w-0 rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
              <div className="flex items-center justify-between">
                <h2 id="recent-orders" className="font-display text-lg text-brand-800">Recent orders</h2>
                <Link to="/vendor/orders" className="text-sm font-semibold text-brand-700 underline">
                  All orders
                </Link>
              </div>
              {d.data.recentOrders.length === 0 ? (
                <p className="mt-3 text-sm text-ink-500">No orders yet.</p>
              ) : (
                <ul className="mt-2 divide-y divide-sand-100">
                  {d.data.recentOrders.map((o) => (
                    <li key={o.orderId}>
                      <Link to={`/vendor/orders/${o.orderId}`} className="flex items-center gap-3 py-2 text-sm hover:bg-brand-50/50">
                        <span className="font-semibold text-ink-900">{o.orderNumber}</span>
                        <span className="min-w-0 flex-1 truncate text-ink-500">
                          {o.buyerName} · {formatDate(o.createdAt)}
                        </span>
                        <span className="shrink-0 font-medium text-ink-900">{formatINR(o.partTotal)}</span>
                        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${vendorStatusClass(o.status)}`}>{VENDOR_STATUS_LABEL[o.status]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
    </ConsoleFrame>
  );
}

function Tile({ label, value, to, highlight = false }: { label: string; value: string; to?: string; highlight?: boolean }) {
  const body = (
    <>
      <p className="text-xs font-medium text-ink-500">{label}</p>
      <p className={`mt-1 font-display text-2xl ${highlight ? 'text-saffron-700' : 'text-brand-800'}`}>{value}</p>
    </>
  );
  const look = `block rounded-2xl border p-4 shadow-sm ${highlight ? 'border-saffron-500/40 bg-saffron-500/5' : 'border-sand-100 bg-white'}`;
  return to ? (
    <Link to={to} className={`${look} hover:border-brand-300`}>
      {body}
    </Link>
  ) : (
    <div className={look}>{body}</div>
  );
}
