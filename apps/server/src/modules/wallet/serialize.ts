import type { WalletTransaction } from '@statewise/contract';
import type { WalletTransactionRow } from '../../db/schema/index.ts';

export function toWalletTransaction(t: WalletTransactionRow): WalletTransaction {
  return {
    _id: t.id,
    type: t.type,
    status: t.status,
    description: t.description,
    amount: t.amount,
    orderId: t.orderId,
    createdAt: t.createdAt.toISOString(),
  };
}
