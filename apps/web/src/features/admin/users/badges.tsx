import type { AdminUserSummary } from '@statewise/contract/schemas/admin';

export const ROLE_LABEL: Record<AdminUserSummary['role'], string> = { user: 'Shopper', vendor: 'Vendor', admin: 'Admin' };
const ROLE_CLASS: Record<AdminUserSummary['role'], string> = {
  user: 'bg-sand-100 text-ink-700',
  vendor: 'bg-saffron-500/15 text-saffron-700',
  admin: 'bg-brand-50 text-brand-700',
};

export function RoleBadge({ role }: { role: AdminUserSummary['role'] }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ROLE_CLASS[role]}`}>{ROLE_LABEL[role]}</span>;
}
