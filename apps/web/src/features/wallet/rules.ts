import { WALLET } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';

/** The wallet screen's rules (shopping §4 wallet colours, §5 wallet recharge, §9). */

export type TransactionTone = 'green' | 'amber' | 'red';

/** Credit and completed: green; credit and pending: amber; anything else (debits, failed credits): red. */
export function transactionTone(t: { type: string; status: string }): TransactionTone {
  if (t.type === 'credit' && t.status === 'completed') return 'green';
  if (t.type === 'credit' && t.status === 'pending') return 'amber';
  return 'red';
}

/**
 * The recharge amount as typed, or the reason it cannot be sent. The spec's text and input say ₹100 to ₹10,000
 * while one code check accepts ₹10; we follow the text (as the server does), with its message.
 */
export function checkRechargeAmount(input: string): { ok: true; amount: number } | { ok: false; message: string } {
  const text = input.trim().replace(/,/g, '');
  if (!/^\d+$/.test(text)) return { ok: false, message: MSG.walletRechargeRange };
  const amount = Number(text);
  if (amount < WALLET.rechargeMin || amount > WALLET.rechargeMax) return { ok: false, message: MSG.walletRechargeRange };
  return { ok: true, amount };
}
