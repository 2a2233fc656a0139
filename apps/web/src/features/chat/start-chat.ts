import { useNavigate } from 'react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api.ts';
import { onAfterLogin, type AfterLoginContext } from '../auth/after-login.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { createChat } from './api.ts';

/**
 * "Chat with vendor" from any screen (product page, store page, directory): a guest gets the login prompt and,
 * once logged in, the chat with that vendor is created or opened (accounts §4.11); a shopper's chat is created or
 * opened and shown at once. Small on purpose: the chat screens and the socket load only when /chat opens.
 */
export function useStartChat(): { start: (vendorUserId: string) => void; busy: boolean; canChat: boolean } {
  const { isLoggedIn, role } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = (vendorUserId: string) => {
    if (!isLoggedIn) {
      openLogin({ then: { chatWithVendor: vendorUserId } });
      return;
    }
    setBusy(true);
    createChat(vendorUserId)
      .then((chat) => navigate(`/chat/${chat._id}`))
      .catch((err: unknown) => toast.error(errorText(err)))
      .finally(() => setBusy(false));
  };
  // vendors and admins cannot start a chat (accounts §6)
  return { start, busy, canChat: role !== 'vendor' && role !== 'admin' };
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong');

/**
 * The after-login step for a login that Chat with Vendor asked for: the chat is created or opened and the user goes
 * to it. A refusal (someone who turns out to be a vendor or an admin) is shown and they stay where they are.
 */
export async function continueChatAfterLogin(ctx: Pick<AfterLoginContext, 'request'>, create = createChat): Promise<string | undefined> {
  const then = ctx.request?.then;
  if (typeof then !== 'object') return undefined;
  try {
    return `/chat/${(await create(then.chatWithVendor))._id}`;
  } catch (err) {
    toast.error(errorText(err));
    return undefined;
  }
}

// Registered with this module: only its Chat with Vendor buttons open a login that asks for a chat.
onAfterLogin(continueChatAfterLogin);
