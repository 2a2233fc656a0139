import type { AdminDashboard } from '@statewise/contract/schemas/admin';
import { formatINR } from '@statewise/contract/format';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';

/**
 * The overview's charts (ADR 028): Chart.js, framework-free, so it runs the same on React (tests) and Preact's compat
 * layer (the build). This module is loaded lazily by OverviewPage, so Chart.js lives in a chunk only the admin's
 * overview downloads. Only the pieces used are registered (tree-shaken). Each chart has a caption and, for screen
 * readers and tests, its figures as a table.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

const BRAND = '#a8335a';
const BRAND_DARK = '#5e1730';
const SAFFRON = '#e09a1a';
const INK = '#7b7174';
const GRID = '#efe6d6';

Chart.defaults.font.family = 'inherit';
Chart.defaults.color = INK;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-11-26 → 26 Nov (the date is already India's). */
const dayLabel = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
/** ₹1.2L, ₹45K: short rupees for an axis. */
const shortINR = (n: number) => (n >= 1e7 ? `₹${+(n / 1e7).toFixed(1)}Cr` : n >= 1e5 ? `₹${+(n / 1e5).toFixed(1)}L` : n >= 1e3 ? `₹${+(n / 1e3).toFixed(1)}K` : `₹${n}`);

/** A Chart.js chart on a canvas, made again when its configuration changes and destroyed with the component. */
function ChartCanvas({ config, label, height }: { config: ChartConfiguration; label: string; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative w-full" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

function Panel({ title, note, children, className = '' }: { title: string; note?: string; children: React.ReactNode; className?: string }) {
  return (
    <figure className={`min-w-0 rounded-2xl border border-sand-100 bg-white p-4 shadow-sm ${className}`}>
      <figcaption className="mb-3">
        <span className="font-medium text-brand-800">{title}</span>
        {note ? <span className="block text-xs text-ink-500">{note}</span> : null}
      </figcaption>
      {children}
    </figure>
  );
}

/** The figures of a chart as a table only screen readers (and tests) see. */
function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])}>
            {r.map((c, i) => (i === 0 ? <th key={i} scope="row">{c}</th> : <td key={i}>{c}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const axis = { grid: { color: GRID }, border: { display: false } };

export default function DashboardCharts({ data }: { data: AdminDashboard }) {
  const totalOrders = data.days.reduce((n, d) => n + d.orders, 0);
  const totalSales = data.days.reduce((n, d) => n + d.sales, 0);
  const today = data.days.at(-1)!;
  const states = useMemo(() => data.states.slice(0, 12), [data]);
  const { daysConfig, statesConfig, vendorsConfig } = useMemo(
    () => ({
      daysConfig: {
            type: 'bar',
            data: {
              labels: data.days.map((d) => dayLabel(d.date)),
              datasets: [
                { type: 'bar', label: 'Orders', data: data.days.map((d) => d.orders), backgroundColor: SAFFRON, borderRadius: 3, yAxisID: 'orders', order: 2 },
                { type: 'line', label: 'Sales', data: data.days.map((d) => d.sales), borderColor: BRAND, backgroundColor: BRAND, pointRadius: 2, tension: 0.25, yAxisID: 'sales', order: 1 },
              ],
            },
            options: {
              maintainAspectRatio: false,
              interaction: { mode: 'index', intersect: false },
              plugins: {
                legend: { position: 'bottom', labels: { boxWidth: 12 } },
                tooltip: { callbacks: { label: (c) => (c.dataset.label === 'Sales' ? `Sales ${formatINR(Number(c.raw))}` : `Orders ${String(c.raw)}`) } },
              },
              scales: {
                x: { ...axis, grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
                orders: { ...axis, position: 'left', beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Orders' } },
                sales: { ...axis, position: 'right', beginAtZero: true, grid: { display: false }, ticks: { callback: (v) => shortINR(Number(v)) }, title: { display: true, text: 'Sales' } },
              },
            },
          } as ChartConfiguration,
      statesConfig: {
                type: 'bar',
                data: { labels: states.map((s) => s.state), datasets: [{ label: 'Sales', data: states.map((s) => s.sales), backgroundColor: BRAND, borderRadius: 3 }] },
                options: {
                  indexAxis: 'y',
                  maintainAspectRatio: false,
                  plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${formatINR(Number(c.raw))} · ${states[c.dataIndex]!.orders} orders` } } },
                  scales: { x: { ...axis, beginAtZero: true, ticks: { callback: (v) => shortINR(Number(v)) } }, y: { ...axis, grid: { display: false } } },
                },
              } as ChartConfiguration,
      vendorsConfig: {
                type: 'bar',
                data: { labels: data.topVendors.map((v) => v.name), datasets: [{ label: 'Sales', data: data.topVendors.map((v) => v.sales), backgroundColor: BRAND_DARK, borderRadius: 3 }] },
                options: {
                  indexAxis: 'y',
                  maintainAspectRatio: false,
                  plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${formatINR(Number(c.raw))} · ${data.topVendors[c.dataIndex]!.orders} orders` } } },
                  scales: { x: { ...axis, beginAtZero: true, ticks: { callback: (v) => shortINR(Number(v)) } }, y: { ...axis, grid: { display: false } } },
                },
              } as ChartConfiguration,
    }),
    [data, states],
  );
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <Panel
        title="Orders and sales per day"
        note={`Last 30 days (${dayLabel(data.from)} – ${dayLabel(data.to)}, India time): ${plural(totalOrders, 'order')}, ${formatINR(totalSales)}. Today so far: ${plural(today.orders, 'order')}, ${formatINR(today.sales)}.`}
        className="lg:col-span-2"
      >
        <ChartCanvas
          label={`Orders and sales per day, last 30 days: ${plural(totalOrders, 'order')}, ${formatINR(totalSales)}`}
          height={260}
          config={daysConfig}
        />
        <FiguresTable caption="Orders and sales per day" head={['Day', 'Orders', 'Sales']} rows={data.days.map((d) => [d.date, d.orders, formatINR(d.sales)])} />
      </Panel>

      <Panel title="Sales by state" note="Where orders were delivered, last 30 days">
        {states.length ? (
          <>
            <ChartCanvas
              label={`Sales by state: ${states.map((s) => `${s.state} ${formatINR(s.sales)}`).join(', ')}`}
              height={Math.max(140, states.length * 30 + 40)}
              config={statesConfig}
            />
            <FiguresTable caption="Sales by state" head={['State', 'Orders', 'Sales']} rows={states.map((s) => [s.state, s.orders, formatINR(s.sales)])} />
          </>
        ) : (
          <Nothing />
        )}
      </Panel>

      <Panel title="Top vendors" note="By sales, last 30 days">
        {data.topVendors.length ? (
          <>
            <ChartCanvas
              label={`Top vendors by sales: ${data.topVendors.map((v) => `${v.name} ${formatINR(v.sales)}`).join(', ')}`}
              height={Math.max(140, data.topVendors.length * 30 + 40)}
              config={vendorsConfig}
            />
            <FiguresTable caption="Top vendors" head={['Vendor', 'Orders', 'Sales']} rows={data.topVendors.map((v) => [v.name, v.orders, formatINR(v.sales)])} />
          </>
        ) : (
          <Nothing />
        )}
      </Panel>

      <Panel title="Pending approvals" note={`${data.pendingApprovals.count} seller ${data.pendingApprovals.count === 1 ? 'application waits' : 'applications wait'}, oldest first`} className="lg:col-span-2">
        {data.pendingApprovals.oldest.length ? (
          <ul className="divide-y divide-sand-100">
            {data.pendingApprovals.oldest.map((a) => (
              <li key={a._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  <span className="font-medium text-ink-900">{a.brandName}</span> <span className="text-ink-500">· {a.sellerName}</span>
                </span>
                <span className="shrink-0 text-xs text-ink-500">{age(a.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-500">Nothing waits for a decision.</p>
        )}
        {data.pendingApprovals.count ? (
          <Link to="/admin/seller-applications" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
            Decide the applications →
          </Link>
        ) : null}
      </Panel>
    </div>
  );
}

function Nothing() {
  return <p className="py-8 text-center text-sm text-ink-500">No sales in the last 30 days.</p>;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** How long an application has waited: today, 1 day, 12 days. */
function age(iso: string): string {
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'waiting 1 day' : `waiting ${days} days`;
}
