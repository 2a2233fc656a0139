import { formatDate } from '@statewise/contract/format';
import { ADMIN_AUDIT_PAGE_SIZE } from '@statewise/contract/schemas/admin';
import { Link, useSearchParams } from 'react-router';
import { RetryPanel } from '../../components/Page.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useAudit } from './api.ts';
import { AUDIT_ENTITIES, auditLink, describeAudit } from './audit-text.ts';
import { AdminFrame, EmptyNote, fieldClass } from './ui.tsx';

const time = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: true });

/**
 * /admin/audit (role admin): every change an admin made — who, what, when (India time) — newest first, 30 a page,
 * optionally one kind of thing; each entry links to what it changed when that has a screen.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const log = useAudit({ entity, page });
  const go = (next: { entity?: string; page?: number }) => {
    const p = new URLSearchParams();
    const e = next.entity ?? entity;
    if (e) p.set('entity', e);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  return (
    <AdminFrame
      title="Audit log"
      intro="Every change made in this console: who made it and when. Entries cannot be edited or removed."
      actions={
        <div>
          <label htmlFor="audit-entity" className="sr-only">
            Show
          </label>
          <select id="audit-entity" value={entity} onChange={(e) => go({ entity: e.target.value })} className={`${fieldClass} min-h-11 py-2`}>
            {AUDIT_ENTITIES.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {log.isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full rounded-xl" />
          ))}
        </div>
      ) : log.isError ? (
        <RetryPanel message={log.error.message} onRetry={() => log.refetch()} />
      ) : log.data.entries.length === 0 ? (
        <EmptyNote>Nothing recorded yet.</EmptyNote>
      ) : (
        <ol aria-label="Audit log" className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
          {log.data.entries.map((e) => {
            const link = auditLink(e);
            const what = describeAudit(e);
            return (
              <li key={e._id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={e.createdAt} className="shrink-0 text-xs text-ink-500 tabular-nums sm:w-32">
                  {formatDate(e.createdAt)}, {time.format(new Date(e.createdAt))}
                </time>
                <span className="min-w-0 flex-1 break-words text-ink-900">
                  {link ? (
                    <Link to={link} className="hover:text-brand-700 hover:underline">
                      {what}
                    </Link>
                  ) : (
                    what
                  )}
                </span>
                <span className="shrink-0 text-xs font-medium text-ink-700">{e.actor?.name ?? 'A removed admin'}</span>
              </li>
            );
          })}
        </ol>
      )}
      {log.data && log.data.count > ADMIN_AUDIT_PAGE_SIZE ? (
        <div className="mt-6 flex justify-center">
          <Pagination page={page} pageCount={Math.ceil(log.data.count / ADMIN_AUDIT_PAGE_SIZE)} onChange={(p) => go({ page: p })} />
        </div>
      ) : null}
    </AdminFrame>
  );
}
