import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { runAfterLogin, type AfterLoginContext } from './after-login.ts';
import { completeLogin, profileKey, type LoginGrant } from './api.ts';
import type { LoginRequest } from './login-prompt.ts';
import { MSG } from '@statewise/contract/messages';

/**
 * The end of every login (dialog, /auth pages, sign-up, Google): store the session, load the profile, refresh
 * what was loaded as a guest, run the after-login steps (cart merge, buy-now), say 'Login Successfull!'.
 * Resolves with the path an after-login step asked for, if any; the caller decides the default.
 */
export async function finishLogin(
  queryClient: QueryClient,
  result: LoginGrant,
  where: { source: AfterLoginContext['source']; request: LoginRequest | null; isNewUser?: boolean },
): Promise<{ target: string | undefined; role: AfterLoginContext['role'] }> {
  const { role, userId } = await completeLogin(queryClient, result);
  // Everything fetched as a guest (counts, wishlist flags…) may differ for this person.
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== profileKey[0] });
  const target = await runAfterLogin({ userId, role, source: where.source, request: where.request, pathname: window.location.pathname, isNewUser: where.isNewUser ?? false });
  toast.success(MSG.loginSuccess);
  return { target, role };
}
