import { envelope, rechargeBody, rechargeResult, ROLES, walletBalance } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { forCaller, ok } from '../../lib/http.ts';
import { toWalletTransaction } from './serialize.ts';
import { fetchWallet, startRecharge } from './service.ts';

const tags = ['wallet'];

/**
 * The wallet (shopping §7 Wallet). Every signed-in role: spec §6 only hides the wallet menu from vendors, and a
 * vendor who was a shopper keeps the money it holds (a reward, a recharge, a refund), so its wallet stays reachable.
 */
export const walletModule: Module = (app, ctx) => {
  app.get(
    '/wallet/fetchBalance',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: 'Balance (the sum of the ledger) and the latest 100 transactions, newest first',
        response: { 200: envelope(walletBalance) },
      },
    },
    async (request) => {
      const view = await fetchWallet(ctx, currentUser(request).id);
      return ok({ walletBalance: view.walletBalance, unspentReward: view.unspentReward, transactions: view.transactions.map(toWalletTransaction) });
    },
  );

  app.post(
    '/wallet/recharge-wallet',
    {
      preHandler: requireAuth(ctx, ROLES.signedIn),
      schema: {
        tags,
        summary: 'Starts a recharge through the payment gateway → data.url',
        description:
          "Body {amount}: whole rupees from 100 to 10,000 (the spec's text; 400 'Amount should be between 100 and 10,000'). " +
          'A pending credit appears at once and is completed exactly once when the payment succeeds (failed when it fails or ' +
          'is not paid within 30 minutes). The gateway sends the browser back to /wallet?status=true|false.',
        body: rechargeBody,
        response: { 201: envelope(rechargeResult) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await startRecharge(forCaller(ctx, request), currentUser(request).id, request.body.amount))),
  );
};
