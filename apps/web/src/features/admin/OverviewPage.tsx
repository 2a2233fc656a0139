import { formatINR } from '@statewise/contract/format';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { RetryPanel } from '../../components/Page.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useAdminDashboard, useAdminOverview } from './api.ts';
import { AdminFrame } from './ui.tsx';

/** Chart.js comes with the charts, in their own chunk: only this screen downloads it (ADR 028). */
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

/**
 * /admin (role admin): what waits for the admin — the moderation inbox, seller applications to decide, contact messages
 * to handle, questions Digi could not answer — each a link to its screen, today's orders and sales (India time), and
 * the last 30 days as charts (orders and sales per day, sales by state, top vendors, pending approvals).
 */
export default function AdminOverviewPage() {
  const o = useAdminOverview();
  return (
    <AdminFrame title="Overview" intro="What is waiting for you, and how today is going.">
      {o.isPending ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-2xl" />
          ))}
        </div>
      ) : o.isError ? (
        <RetryPanel message={o.error.message} onRetry={() => o.refetch()} />
      ) : (
        <>
          <h2 className="mb-2 text-xs font-semibold tracking-[0.18em] text-ink-500 uppercase">Waiting for you</h2>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Tile label="Moderation inbox" value={o.data.moderationInbox} note="items waiting for a decision" to="/admin/moderation" />
            <Tile label="Seller applications" value={o.data.pendingSellerApplications} note="pending approval" to="/admin/seller-applications" />
            <Tile label="Contact messages" value={o.data.newContactRequests} note="not handled yet" to="/admin/contact-requests?show=open" />
            <Tile label="Unanswered questions" value={o.data.openChatbotQuestions} note="Digi could not answer" to="/admin/chatbot-questions" />
          </div>
          <h2 className="mt-6 mb-2 text-xs font-semibold tracking-[0.18em] text-ink-500 uppercase">Today</h2>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Tile label="Orders today" value={o.data.today.orders} note="paid or cash on delivery" />
            <Tile label="Sales today" text={formatINR(o.data.today.sales)} note="India time, from midnight" />
            <Tile label="Blocked accounts" value={o.data.blockedUsers} note="cannot log in" to="/admin/users?blocked=true" quiet />
            <Tile label="Suspended stores" value={o.data.suspendedStores} note="products off the site" to="/admin/vendors?state=suspended" quiet />
          </div>
          <h2 className="mt-6 mb-2 text-xs font-semibold tracking-[0.18em] text-ink-500 uppercase">Last 30 days</h2>
          <Charts />
        </>
      )}
    </AdminFrame>
  );
}

function Charts() {
  const d = useAdminDashboard();
  const waiting = <Skeleton className="h-72 rounded-2xl" />;
  if (d.isPending) return waiting;
  if (d.isError) return <RetryPanel message={d.error.message} onRetry={() => d.refetch()} />;
  return (
    <Suspense fallback={waiting}>
      <DashboardCharts data={d.data} />
    </Suspense>
  );
}

function Tile({ label, value, text, note, to, quiet = false }: { label: string; value?: number; text?: string; note: string; to?: string; quiet?: boolean }) {
  const highlight = !quiet && to !== undefined && (value ?? 0) > 0;
  const body = (
    <>
      <p className="text-xs font-medium text-ink-500">{label}</p>
      <p className={`mt-1 font-display text-3xl ${highlight ? 'text-saffron-700' : 'text-brand-800'}`}>{text ?? value}</p>
      <p className="mt-1 text-xs text-ink-500">{note}</p>
    </>
  );
  const look = `block h-full rounded-2xl border p-4 shadow-sm ${highlight ? 'border-saffron-500/40 bg-saffron-500/5' : 'border-sand-100 bg-white'}`;
  return to ? (
    <Link to={to} className={`${look} hover:border-brand-300`}>
      {body}
    </Link>
  ) : (
    <div className={look}>{body}</div>
  );
}
