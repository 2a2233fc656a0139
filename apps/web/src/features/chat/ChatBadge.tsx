import { useBadgeReport } from '../../app/badges.tsx';
import { useSession } from '../auth/session.ts';
import { useUnreadCount } from './api.ts';

/** The header's chat badge: messages waiting to be read (GET chat/get-msg-count), for shoppers and vendors. */
export default function ChatBadge() {
  const { isLoggedIn, role } = useSession();
  const { data } = useUnreadCount(isLoggedIn && role !== 'admin');
  useBadgeReport('chat', data?.count);
  return null;
}
