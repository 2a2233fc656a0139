import { MSG } from '@statewise/contract/messages';
import { formatINR } from '@statewise/contract/format';
import { WALLET } from '@statewise/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { onAfterLogin } from '../auth/after-login.ts';
import { walletKeys } from './api.ts';

/** The reward dialog closes by itself after this long (shopping §4: "auto-clears after 3 seconds"). */
export const REWARD_DIALOG_MS = 3000;

/** 'You have received ₹200 as a new user reward!' with a way to the wallet; closes itself after 3 s. */
export function NewUserRewardDialog({ open, onClose, showWalletLink = true }: { open: boolean; onClose: () => void; showWalletLink?: boolean }) {
  useEffect(() => {
    if (!open) return;
    const t = window.setTimeout(onClose, REWARD_DIALOG_MS);
    return () => window.clearTimeout(t);
  }, [open, onClose]);
  return (
    <Dialog open={open} onClose={onClose} title="Welcome to Statewise!">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-saffron-300/40 font-display text-xl text-saffron-700" aria-hidden="true">
          {formatINR(WALLET.newUserReward)}
        </span>
        <p className="mt-4 text-base font-semibold text-ink-900">{MSG.newUserReward}</p>
        <p className="mt-1 text-sm text-ink-500">It is in your wallet, ready for your first order.</p>
        {showWalletLink ? (
          <Link to="/wallet" onClick={onClose} className={buttonClass('outline', 'md', 'mt-4')}>
            View wallet
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}

// ---- after sign-up, wherever the new user lands ----

let pending = false;
const listeners = new Set<() => void>();
const setPending = (v: boolean) => {
  pending = v;
  listeners.forEach((l) => l());
};

let registered = false;
/**
 * The sign-up reward (issue 5: credited once at sign-up, the dialog shown once): after a login that created the
 * account, the dialog opens on whatever page the new user lands on — a sign-up in the middle of a buy-now or a
 * guarded page keeps going where it was going instead of being sent to /wallet. /wallet?newUser=true shows the
 * same dialog (the spec's query parameter).
 */
export function registerNewUserReward(onNewUser: () => void): void {
  if (registered) return;
  registered = true;
  onAfterLogin((ctx) => {
    if (ctx.isNewUser && ctx.role === 'user') onNewUser();
    return undefined;
  });
}

/** Mounted once by the layout: registers the after-login step and shows the dialog when it fires. */
export default function NewUserRewardRoot() {
  const queryClient = useQueryClient();
  const open = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => false,
  );
  useEffect(() => {
    registerNewUserReward(() => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      setPending(true);
    });
  }, [queryClient]);
  return <NewUserRewardDialog open={open} onClose={closeReward} />;
}

const closeReward = () => setPending(false);
