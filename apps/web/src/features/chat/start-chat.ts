import { useNavigate } from 'react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { createChat } from './api.ts';

/**
 * "Chat with vendor" from any screen (product page, store page, directory): a guest gets the login prompt (accounts
 * §4.11), a shopper's chat with the vendor is created or opened and shown. Small on purpose: the chat screens and
 * the socket load only when /chat opens.
 */
export function useStartChat(): { start: (vendorUserId: string) => void; busy: boolean; canChat: boolean } {
  const { isLoggedIn, role } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = (vendorUserId: string) => {
    if (!isLoggedIn) {
      openLogin();
      return;
    }
    setBusy(true);
    createChat(vendorUserId)
      .then((chat) => navigate(`/chat/${chat._id}`))
      .catch((err: unknown) => toast.error(err instanceof ApiError ? err.message : 'Something went wrong'))
      .finally(() => setBusy(false));
  };
  // vendors and admins cannot start a chat (accounts §6)
  return { start, busy, canChat: role !== 'vendor' && role !== 'admin' };
}
