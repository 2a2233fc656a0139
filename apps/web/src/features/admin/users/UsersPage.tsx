import { formatDate } from '@statewise/contract/format';
import { ADMIN_USERS_PAGE_SIZE, USER_SEARCH_MAX } from '@statewise/contract/schemas/admin';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/Page.tsx';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useAdminUsers } from '../api.ts';
import { AdminFrame, EmptyNote, FilterTabs } from '../ui.tsx';
import { RoleBadge } from './badges.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';

const ROLE_TABS = [
  { key: '', label: 'All' },
  { key: 'user', label: 'Shoppers' },
  { key: 'vendor', label: 'Vendors' },
  { key: 'admin', label: 'Admins' },
];

/**
 * /admin/users (role admin): accounts newest first, searched by any part of a name, mobile or e-mail, by role, and
 * blocked ones alone; search, role, blocked and page live in the address bar. Each opens /admin/users/{id}.
 */
export default function UsersPage() {
  const { q, page, get, set, draft, setDraft, onSearch } = useListParams();
  const roleParam = get('role');
  const role = ROLE_TABS.some((t) => t.key === roleParam) ? roleParam : '';
  const blocked = get('blocked') === 'true';
  const list = useAdminUsers({ q, role, blocked, page });


  return (
    <AdminFrame title="Users" intro="Every account: search by name, mobile or e-mail, see its orders, block or unblock it.">
      <FilterTabs label="Role" items={ROLE_TABS} value={role} onChange={(r) => set({ role: r })} controls="users-panel" />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <form role="search" aria-label="Search users" onSubmit={onSearch} className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1">
          <label htmlFor="admin-user-search" className="sr-only">
            Search by name, mobile or e-mail
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={draft}
            maxLength={USER_SEARCH_MAX}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Name, mobile or e-mail"
            className="min-h-11 min-w-0 flex-1 rounded-full border border-ink-500/40 px-4 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
          <button type="submit" className={buttonClass('primary', 'md')}>
            Search
          </button>
        </form>
        <label className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
          <input type="checkbox" checked={blocked} onChange={(e) => set({ blocked: e.target.checked ? 'true' : '' })} className="size-4 accent-brand-700" />
          Blocked only
        </label>
      </div>

      <div id="users-panel" role="tabpanel" className="mt-4">
        {list.isPending ? (
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <RetryPanel message={list.error.message} onRetry={() => list.refetch()} />
        ) : list.data.users.length === 0 ? (
          <EmptyNote>{q ? `No account matches “${q}”.` : 'No accounts.'}</EmptyNote>
        ) : (
          <>
            <p className="mb-2 text-sm text-ink-500" aria-live="polite">
              {list.data.count === 1 ? '1 account' : `${list.data.count.toLocaleString('en-IN')} accounts`}
            </p>
            <ul aria-label="Accounts" className="divide-y divide-sand-100 rounded-2xl border border-sand-100 bg-white shadow-sm">
              {list.data.users.map((u) => {
                const name = `${u.firstname} ${u.lastname}`.trim() || 'No name';
                return (
                  <li key={u._id}>
                    <Link to={`/admin/users/${u._id}`} aria-label={name} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-brand-50/50">
                      <span className="min-w-0 basis-full sm:basis-auto sm:flex-1">
                        <span className="block truncate font-semibold text-ink-900">{name}</span>
                        <span className="block truncate text-sm text-ink-500">{[u.mobile ? `+91 ${u.mobile}` : null, u.email].filter(Boolean).join(' · ') || '—'}</span>
                      </span>
                      <span className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-ink-500">
                        <RoleBadge role={u.role} />
                        {u.blocked ? <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-700">Blocked</span> : null}
                        <span>
                          {u.ordersCount} {u.ordersCount === 1 ? 'order' : 'orders'} · joined {formatDate(u.createdAt)}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {list.data && list.data.count > ADMIN_USERS_PAGE_SIZE ? (
          <div className="mt-6 flex justify-center">
            <Pagination page={page} pageCount={Math.ceil(list.data.count / ADMIN_USERS_PAGE_SIZE)} onChange={(p) => set({ page: String(p) })} />
          </div>
        ) : null}
      </div>
    </AdminFrame>
  );
}
