import type { CommunityAuthor } from '@statewise/contract/community';

const BADGE: Record<CommunityAuthor['role'], string> = {
  vendor: 'bg-saffron-100 text-saffron-800 ring-saffron-300',
  admin: 'bg-brand-700 text-white ring-brand-700',
  user: 'bg-sand-100 text-ink-700 ring-sand-200',
};
const BADGE_LABEL: Record<CommunityAuthor['role'], string> = { vendor: 'Vendor', admin: 'Admin', user: 'User' };

/** The author's role badge (accounts §2.6: vendor, admin, user). */
export function RoleBadge({ role }: { role: CommunityAuthor['role'] }) {
  return <span className={`rounded-full px-2 py-0.5 text-[10px] font-bold tracking-wide uppercase ring-1 ${BADGE[role]}`}>{BADGE_LABEL[role]}</span>;
}
