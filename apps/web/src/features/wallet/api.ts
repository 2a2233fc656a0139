import type { RechargeResult, WalletBalance, WalletTransaction } from '@statewise/contract/schemas/wallet';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/** The wallet calls (shopping §7 Wallet): GET wallet/fetchBalance and POST wallet/recharge-wallet. */
export type { WalletBalance, WalletTransaction };

export const walletKeys = {
  all: ['wallet'] as const,
  balance: (userId: string | null) => ['wallet', 'balance', userId] as const,
};

/** The balance (the sum of the ledger) and the latest transactions, newest first. Idle for guests. */
export function useWallet(enabled = true) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: walletKeys.balance(userId),
    queryFn: ({ signal }) => api<WalletBalance>('wallet/fetchBalance', { signal }),
    enabled: enabled && isLoggedIn,
    staleTime: 0,
  });
}

/** POST wallet/recharge-wallet {amount} → data.url, the payment page the browser goes to. */
export function useRecharge() {
  return useMutation({ mutationFn: (amount: number) => api<RechargeResult>('wallet/recharge-wallet', { method: 'POST', body: { amount } }) });
}
