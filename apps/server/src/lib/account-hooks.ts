import type { Tx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';

/**
 * Steps other features run when an account is created or deleted, inside the same transaction as the
 * account change (so both happen or neither does). The wallet feature credits the new-user reward here:
 *
 *   onUserRegistered('wallet:new-user-reward', async (tx, user) => { await creditReward(tx, user.id); });
 *
 * and features holding personal data (addresses, carts, wishlists, vendor records) clean up with
 * onUserDeleted. Register at module load; a name registered twice keeps the latest step (tests build
 * several apps in one process). A step that throws aborts the whole sign-up or deletion.
 */
export type AccountHook = (tx: Tx, user: UserRow) => Promise<void>;

const registered = new Map<string, AccountHook>();
const deleted = new Map<string, AccountHook>();

/** Runs for every new account: sign-up with OTP (auth/register) and first Google sign-in. */
export function onUserRegistered(name: string, hook: AccountHook): void {
  registered.set(name, hook);
}

/** Runs when an account is deleted, before its personal data is anonymised (`user` is the row as it was). */
export function onUserDeleted(name: string, hook: AccountHook): void {
  deleted.set(name, hook);
}

export async function runUserRegistered(tx: Tx, user: UserRow): Promise<void> {
  for (const hook of registered.values()) await hook(tx, user);
}

export async function runUserDeleted(tx: Tx, user: UserRow): Promise<void> {
  for (const hook of deleted.values()) await hook(tx, user);
}
