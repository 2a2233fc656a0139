import { formatDate, formatINRPaise } from '@statewise/contract/format';
import type { EarningsFigures, EarningsRow, EarningState } from '@statewise/contract/schemas/earnings';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { RetryPanel } from '../../../components/Page.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { ConsoleFrame } from '../orders/ConsoleNav.tsx';
import { VENDOR_STATUS_LABEL, vendorStatusClass } from '../orders/rules.ts';
import { downloadMonthCsv, useMonthEarnings, useYearStatement } from './api.ts';
import { currentIndiaMonth, isMonth, monthLabel, shiftMonth, shortMonthLabel } from './months.ts';

const STATE_LABEL: Record<EarningState, string> = { earned: 'Earned', upcoming: 'Upcoming', cancelled: 'Cancelled' };
const rates = (r: EarningsRow) => r.rates.map((x) => `${x}%`).join(' / ');

/**
 * /vendor/earnings (role vendor; ADR 017): a month's sale, commission and net — earned once a part is delivered,
 * upcoming while it is on its way, nothing once cancelled — its orders (a table on a wide screen, cards on a phone),
 * the month's CSV, and the year's statement month by month. The month lives in the address bar (?month=YYYY-MM).
 */
export default function EarningsPage() {
  usePageTitle('Earnings · Vendor console');
  const [params, setParams] = useSearchParams();
  const thisMonth = currentIndiaMonth();
  const monthParam = params.get('month');
  const month = isMonth(monthParam) ? monthParam : thisMonth;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const data = useMonthEarnings(month, page);
  const [downloading, setDownloading] = useState(false);
  const pickerId = useId();

  const go = (next: string, nextPage = 1) => {
    const p = new URLSearchParams(params);
    p.set('month', next);
    if (nextPage > 1) p.set('page', String(nextPage));
    else p.delete('page');
    setParams(p, { replace: true });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMonthCsv(month);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'The download failed. Please try again');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ConsoleFrame title="Earnings">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-end gap-2">
          <Button variant="outline" size="sm" aria-label="Previous month" onClick={() => go(shiftMonth(month, -1))} className="min-h-11 min-w-11">
            ‹
          </Button>
          <div>
            <label htmlFor={pickerId} className="block text-xs font-medium text-ink-500">
              Month
            </label>
            <input
              id={pickerId}
              type="month"
              value={month}
              min="2020-01"
              max={thisMonth}
              onChange={(e) => isMonth(e.target.value) && go(e.target.value)}
              className="min-h-11 rounded-lg border border-ink-500/40 bg-white px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <Button variant="outline" size="sm" aria-label="Next month" disabled={month >= thisMonth} onClick={() => go(shiftMonth(month, 1))} className="min-h-11 min-w-11">
            ›
          </Button>
        </div>
        <Button variant="outline" onClick={download} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Download CSV'}
        </Button>
      </div>

      <p className="mt-3 text-sm text-ink-500">
        Sale is the price of the goods you sold (GST included, shipping not). The marketplace’s commission is your category’s rate on the day
        the order was placed. Earned once delivered; orders on their way are upcoming; a cancelled order earns nothing.
      </p>

      {data.isPending ? (
        <div className="mt-5 grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : data.isError ? (
        <RetryPanel className="mt-5" message={data.error.message} onRetry={() => data.refetch()} />
      ) : (
        <>
          <section aria-label={`Earnings in ${monthLabel(month)}`} className="mt-5 grid grid-cols-2 gap-3 md:grid-cols-4">
            <Card label="Sale" value={formatINRPaise(data.data.earned.salePaise)} note={`${data.data.earned.orders} delivered`} />
            <Card label="Commission" value={formatINRPaise(data.data.earned.commissionPaise)} note="kept by Statewise" />
            <Card label="Net earnings" value={formatINRPaise(data.data.earned.netPaise)} note="paid to you" highlight />
            <Card label="Upcoming" value={formatINRPaise(data.data.upcoming.netPaise)} note={`${data.data.upcoming.orders} on the way`} />
          </section>

          <h2 className="mt-8 font-display text-lg text-brand-800">Orders in {monthLabel(month)}</h2>
          {data.data.rows.length === 0 ? (
            <p className="mt-3 rounded-2xl border border-dashed border-sand-100 px-4 py-10 text-center text-sm text-ink-500">No orders in {monthLabel(month)}.</p>
          ) : (
            <>
              {/* a phone: one card per order */}
              <ul aria-label="Orders" className="mt-3 space-y-3 md:hidden">
                {data.data.rows.map((r) => (
                  <li key={r.orderId} className="rounded-2xl border border-sand-100 bg-white p-4 shadow-sm">
                    <div className="flex items-center justify-between gap-2">
                      <p className="font-semibold text-ink-900">
                        {r.orderNumber} <span className="font-normal text-ink-500">· {formatDate(r.createdAt)}</span>
                      </p>
                      <StatusBadge row={r} />
                    </div>
                    <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                      <Figure label="Sale" value={formatINRPaise(r.salePaise)} />
                      <Figure label={`Commission (${rates(r)})`} value={formatINRPaise(r.commissionPaise)} />
                      <Figure label="Net" value={formatINRPaise(r.netPaise)} strong />
                    </dl>
                    <p className="mt-2 text-xs text-ink-500">{STATE_LABEL[r.state]}</p>
                  </li>
                ))}
              </ul>
              {/* a wider screen: a table */}
              <div className="mt-3 hidden overflow-x-auto rounded-2xl border border-sand-100 bg-white shadow-sm md:block">
                <table className="w-full text-sm">
                  <caption className="sr-only">Orders in {monthLabel(month)}</caption>
                  <thead className="bg-sand-100/50 text-left text-xs tracking-wider text-ink-500 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-3">Order</th>
                      <th scope="col" className="px-4 py-3">Date</th>
                      <th scope="col" className="px-4 py-3">Status</th>
                      <th scope="col" className="px-4 py-3">Earnings</th>
                      <th scope="col" className="px-4 py-3 text-right">Sale</th>
                      <th scope="col" className="px-4 py-3 text-right">Commission</th>
                      <th scope="col" className="px-4 py-3 text-right">Net</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-sand-100">
                    {data.data.rows.map((r) => (
                      <tr key={r.orderId} className={r.state === 'cancelled' ? 'text-ink-500' : ''}>
                        <th scope="row" className="px-4 py-3 text-left font-semibold text-ink-900">{r.orderNumber}</th>
                        <td className="px-4 py-3 whitespace-nowrap">{formatDate(r.createdAt)}</td>
                        <td className="px-4 py-3"><StatusBadge row={r} /></td>
                        <td className="px-4 py-3">{STATE_LABEL[r.state]}</td>
                        <td className="px-4 py-3 text-right whitespace-nowrap">{formatINRPaise(r.salePaise)}</td>
                        <td className="px-4 py-3 text-right whitespace-nowrap">
                          {formatINRPaise(r.commissionPaise)} <span className="text-xs text-ink-500">({rates(r)})</span>
                        </td>
                        <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink-900">{formatINRPaise(r.netPaise)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {data.data.count > data.data.pageSize ? (
                <div className="mt-6 flex justify-center">
                  <Pagination page={page} pageCount={Math.ceil(data.data.count / data.data.pageSize)} onChange={(p) => go(month, p)} />
                </div>
              ) : null}
            </>
          )}
        </>
      )}

      <YearStatement year={Number(month.slice(0, 4))} thisYear={Number(thisMonth.slice(0, 4))} onMonth={(m) => go(m)} />
    </ConsoleFrame>
  );
}

function StatusBadge({ row }: { row: EarningsRow }) {
  return <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${vendorStatusClass(row.status)}`}>{VENDOR_STATUS_LABEL[row.status]}</span>;
}

function Card({ label, value, note, highlight = false }: { label: string; value: string; note: string; highlight?: boolean }) {
  return (
    <div className={`rounded-2xl border p-4 shadow-sm ${highlight ? 'border-leaf-600/30 bg-leaf-600/5' : 'border-sand-100 bg-white'}`}>
      <p className="text-xs font-medium text-ink-500">{label}</p>
      <p className={`mt-1 font-display text-xl md:text-2xl ${highlight ? 'text-leaf-600' : 'text-brand-800'}`}>{value}</p>
      <p className="mt-0.5 text-xs text-ink-500">{note}</p>
    </div>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-500">{label}</dt>
      <dd className={`${strong ? 'font-semibold text-ink-900' : 'text-ink-700'} break-words`}>{value}</dd>
    </div>
  );
}

const CELL = 'px-2 py-2.5 sm:px-3 md:px-4';

/** The year's delivered orders month by month, and the year's totals; a month opens its orders above. */
function YearStatement({ year: initial, thisYear, onMonth }: { year: number; thisYear: number; onMonth: (month: string) => void }) {
  const [year, setYear] = useState(initial);
  const [shownFor, setShownFor] = useState(initial);
  // the month picker moved to another year: follow it (adjusting state while rendering, not in an effect)
  if (shownFor !== initial) {
    setShownFor(initial);
    setYear(initial);
  }
  const st = useYearStatement(year);
  const totals: EarningsFigures | undefined = st.data?.totals;
  return (
    <section aria-labelledby="statement-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-heading" className="font-display text-lg text-brand-800">
          Statement {year}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" aria-label="Previous year" disabled={year <= 2020} onClick={() => setYear(year - 1)}>
            ‹ {year - 1}
          </Button>
          <Button variant="outline" size="sm" aria-label="Next year" disabled={year >= thisYear} onClick={() => setYear(year + 1)}>
            {year + 1} ›
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-ink-500">Delivered orders only, by the month the order was placed.</p>
      {st.isPending ? (
        <Skeleton className="mt-3 h-64 w-full rounded-2xl" />
      ) : st.isError ? (
        <RetryPanel className="mt-3" message={st.error.message} onRetry={() => st.refetch()} />
      ) : (
        <div className="mt-3 overflow-x-auto rounded-2xl border border-sand-100 bg-white shadow-sm">
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Statement for {year}</caption>
            <thead className="bg-sand-100/50 text-left text-xs tracking-wider text-ink-500 uppercase">
              <tr>
                <th scope="col" className={CELL}>Month</th>
                {/* a phone has room for the money only; the month's orders are a tap away */}
                <th scope="col" className={`${CELL} hidden text-right sm:table-cell`}>Orders</th>
                <th scope="col" className={`${CELL} text-right`}>Sale</th>
                <th scope="col" className={`${CELL} text-right`}>Commission</th>
                <th scope="col" className={`${CELL} text-right`}>Net</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-100">
              {st.data.months.map((m) => (
                <tr key={m.month} className={m.orders === 0 ? 'text-ink-500' : 'text-ink-900'}>
                  <th scope="row" className={`${CELL} text-left font-medium`}>
                    <button type="button" className="underline decoration-sand-100 underline-offset-4 hover:text-brand-700 hover:decoration-brand-300" onClick={() => onMonth(m.month)}>
                      {shortMonthLabel(m.month)}
                    </button>
                  </th>
                  <td className={`${CELL} hidden text-right sm:table-cell`}>{m.orders}</td>
                  <td className={`${CELL} text-right whitespace-nowrap`}>{formatINRPaise(m.salePaise)}</td>
                  <td className={`${CELL} text-right whitespace-nowrap`}>{formatINRPaise(m.commissionPaise)}</td>
                  <td className={`${CELL} text-right font-semibold whitespace-nowrap`}>{formatINRPaise(m.netPaise)}</td>
                </tr>
              ))}
            </tbody>
            {totals ? (
              <tfoot className="border-t-2 border-sand-100 bg-sand-100/30 font-semibold text-ink-900">
                <tr>
                  <th scope="row" className={`${CELL} text-left`}>
                    Total
                  </th>
                  <td className={`${CELL} hidden text-right sm:table-cell`}>{totals.orders}</td>
                  <td className={`${CELL} text-right whitespace-nowrap`}>{formatINRPaise(totals.salePaise)}</td>
                  <td className={`${CELL} text-right whitespace-nowrap`}>{formatINRPaise(totals.commissionPaise)}</td>
                  <td className={`${CELL} text-right whitespace-nowrap`}>{formatINRPaise(totals.netPaise)}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </section>
  );
}
