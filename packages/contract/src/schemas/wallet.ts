import { z } from 'zod';
import { WALLET, WALLET_TRANSACTION_STATUSES, WALLET_TRANSACTION_TYPES } from '../constants.ts';
import { MSG } from '../messages.ts';

/**
 * The wallet (shopping §2 Wallet, §3 wallet, §4 wallet colours and cash, §5 recharge, §7 Wallet, §9).
 *
 * Recharge limits: the spec's text and input say ₹100–₹10,000 while one code check accepts ₹10; we follow the
 * text (WALLET.rechargeMin/rechargeMax) and its message 'Amount should be between 100 and 10,000'.
 */

/** POST wallet/recharge-wallet {amount}: whole rupees, 100–10,000 (a numeric string is read as its number). */
export const rechargeBody = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: MSG.walletRechargeRange })
      .int({ error: MSG.walletRechargeRange })
      .min(WALLET.rechargeMin, { error: MSG.walletRechargeRange })
      .max(WALLET.rechargeMax, { error: MSG.walletRechargeRange }),
  ),
});
export type RechargeBody = z.input<typeof rechargeBody>;

/** data of wallet/recharge-wallet: the payment page to send the browser to. */
export const rechargeResult = z.object({ url: z.string(), paymentId: z.string() });
export type RechargeResult = z.infer<typeof rechargeResult>;

/**
 * One ledger entry. Colours (shopping §4): credit + completed green, credit + pending amber, anything else red.
 * A pending debit is wallet cash held by an order awaiting its online payment (counted as spent); it becomes
 * completed when the order is paid, failed when the payment fails or expires.
 */
export const walletTransaction = z.object({
  _id: z.string(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  description: z.string(),
  amount: z.number().int(),
  /** The order it belongs to (order cash and refunds). */
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/** data of GET wallet/fetchBalance: the balance (the sum of the ledger) and the latest transactions, newest first. */
export const walletBalance = z.object({
  walletBalance: z.number().int(),
  /** The part of the balance that is still the new-user reward: usable below ₹300 (wallet-cash.ts). */
  unspentReward: z.number().int(),
  transactions: z.array(walletTransaction),
});
export type WalletBalance = z.infer<typeof walletBalance>;
