import type { LoginRequest } from './login-prompt.ts';
import type { Role } from './session.ts';

/**
 * What other features do right after a login (accounts §4.1, §4.3): the cart feature merges the guest cart
 * into the server cart, buy-now continues to checkout. They register here once, from a module the app loads
 * eagerly (for example a provider mounted in the layout):
 *
 *   onAfterLogin(async ({ source }) => { await mergeGuestCart(); return source === 'page' ? '/cart' : undefined; });
 *
 * Hooks run one after another in registration order. A hook may return a path: the first path returned
 * decides where the user goes (otherwise the login screen's own destination applies). A hook that throws is
 * logged and skipped, so one failing step never leaves the user stuck half-logged-in.
 */
export interface AfterLoginContext {
  userId: string;
  role: Role;
  /** 'dialog' for the login dialog, 'page' for the /auth/* pages, 'social' for Google sign-in. */
  source: 'dialog' | 'page' | 'social';
  /** The dialog's open request (redirectTo, chatId, then: a buy-now or a chat with a vendor), or null for the pages. */
  request: LoginRequest | null;
  /** The path the user was on when the login finished. */
  pathname: string;
  /** True when this login just created the account (sign-up); the wallet shows its new-user reward. */
  isNewUser?: boolean;
}

export type AfterLoginHook = (ctx: AfterLoginContext) => Promise<string | void | undefined> | string | void | undefined;

const hooks: AfterLoginHook[] = [];

/** Registers a step to run after every login; returns a function that removes it. */
export function onAfterLogin(hook: AfterLoginHook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

/** Runs every hook; resolves with the first path a hook asked for, if any. */
export async function runAfterLogin(ctx: AfterLoginContext): Promise<string | undefined> {
  let target: string | undefined;
  for (const hook of [...hooks]) {
    try {
      const result = await hook(ctx);
      if (typeof result === 'string' && target === undefined) target = result;
    } catch (err) {
      console.error('after-login step failed', err);
    }
  }
  return target;
}
