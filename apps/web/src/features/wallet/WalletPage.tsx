import { WALLET } from '@statewise/contract/constants';
import { formatDate, formatINR } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Page, RetryPanel } from '../../components/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { Field } from '../auth/ui.tsx';
import { useRecharge, useWallet, type WalletTransaction } from './api.ts';
import { NewUserRewardDialog } from './NewUserReward.tsx';
import { checkRechargeAmount, transactionTone, type TransactionTone } from './rules.ts';

const QUICK_AMOUNTS = [500, 1000, 2000, 5000];

const TONE: Record<TransactionTone, string> = {
  green: 'text-leaf-600',
  amber: 'text-amber-600',
  red: 'text-red-700',
};
const TONE_BADGE: Record<TransactionTone, string> = {
  green: 'bg-leaf-600/12 text-leaf-600',
  amber: 'bg-amber-500/15 text-amber-700',
  red: 'bg-red-600/10 text-red-700',
};

const time = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });

/**
 * /wallet (shopping §2 Wallet, §4 wallet colours and dialogs, §5 wallet recharge, §7 Wallet): the balance, a
 * recharge dialog (₹100 to ₹10,000, then the payment page), the recent transactions coloured by the spec's rule,
 * the payment result dialog for ?status=true|false (where the gateway returns) and the new-user reward dialog for
 * ?newUser=true (once: the parameter is dropped when it closes, after 3 s at the latest).
 */
export default function WalletPage() {
  usePageTitle('Wallet');
  const wallet = useWallet();
  const [params, setParams] = useSearchParams();
  const [recharging, setRecharging] = useState(false);
  const status = params.get('status');
  const newUser = params.get('newUser') === 'true';

  const drop = useCallback(
    (key: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const closeReward = useCallback(() => drop('newUser'), [drop]);

  return (
    <Page back={{ to: '/profile', label: 'My account' }} width="max-w-4xl">
      <h1 className="font-display text-3xl text-brand-800 md:text-4xl">Wallet</h1>

      <div className="mt-5 flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 p-5 text-white shadow-md sm:flex-row sm:items-center sm:justify-between md:p-6">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-white/75 uppercase">Wallet balance</p>
          {wallet.isPending ? (
            <span className="mt-2 block h-10 w-40 animate-pulse rounded-lg bg-white/20" aria-label="Loading balance" />
          ) : wallet.isError ? (
            <p className="mt-2 text-sm">Your balance could not be loaded.</p>
          ) : (
            <p className="mt-1 font-display text-4xl md:text-5xl" data-testid="wallet-balance">
              {formatINR(wallet.data.walletBalance)}
            </p>
          )}
          <p className="mt-2 text-xs text-white/75">
            Use it at checkout on orders of {formatINR(WALLET.cashMinOrderTotal)} or more once it holds {formatINR(WALLET.cashMinBalance)}
            {wallet.data && wallet.data.unspentReward > 0 ? ` — your ${formatINR(wallet.data.unspentReward)} new-user reward can be used right away` : ''}.
          </p>
        </div>
        <Button variant="secondary" size="lg" onClick={() => setRecharging(true)} className="shrink-0">
          Recharge Wallet
        </Button>
      </div>

      <h2 className="mt-8 text-lg font-semibold text-ink-900">Recent Transactions</h2>
      <div className="mt-3">
        {wallet.isPending ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full rounded-xl" />
            ))}
          </div>
        ) : wallet.isError ? (
          <RetryPanel message={wallet.error.message || MSG.serverError} onRetry={() => void wallet.refetch()} />
        ) : wallet.data.transactions.length === 0 ? (
          <p className="rounded-2xl bg-white px-6 py-12 text-center font-display text-xl text-brand-800">{MSG.noTransactions}</p>
        ) : (
          <ul className="divide-y divide-sand-100 rounded-2xl bg-white shadow-[0_1px_3px_rgb(31_26_28/0.08)]" aria-label="Recent transactions">
            {wallet.data.transactions.map((t) => (
              <TransactionRow key={t._id} t={t} />
            ))}
          </ul>
        )}
      </div>

      <RechargeDialog open={recharging} onClose={() => setRecharging(false)} />

      <Dialog open={status !== null} onClose={() => drop('status')} title={status === 'true' ? 'Recharge successful' : 'Recharge failed'}>
        <div className="flex flex-col items-center text-center">
          <p className={`text-base font-semibold ${status === 'true' ? 'text-leaf-600' : 'text-red-700'}`}>
            {status === 'true' ? MSG.walletPaymentSuccess : MSG.walletPaymentFailed}
          </p>
          <Button className="mt-5" onClick={() => drop('status')} data-autofocus>
            OK
          </Button>
        </div>
      </Dialog>

      <NewUserRewardDialog open={newUser && status === null} onClose={closeReward} showWalletLink={false} />
    </Page>
  );
}

function TransactionRow({ t }: { t: WalletTransaction }) {
  const tone = transactionTone(t);
  const sign = t.type === 'credit' ? '+' : '−';
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-tone={tone}>
      <span className={`flex size-9 shrink-0 items-center justify-center rounded-full text-lg font-semibold ${TONE_BADGE[tone]}`} aria-hidden="true">
        {sign}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink-900">{t.description}</p>
        <p className="text-xs text-ink-500">
          {formatDate(t.createdAt)}, {time.format(new Date(t.createdAt))} · <span className="capitalize">{t.type}</span> ·{' '}
          <span className={`font-semibold ${TONE[tone]}`}>{t.status}</span>
        </p>
      </div>
      <p className={`shrink-0 text-sm font-semibold tabular-nums ${TONE[tone]}`}>
        <span className="sr-only">{t.type === 'credit' ? 'Credit of' : 'Debit of'} </span>
        {sign} {formatINR(t.amount)}
      </p>
    </li>
  );
}

function RechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const recharge = useRecharge();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkRechargeAmount(amount);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    try {
      const { url } = await recharge.mutateAsync(check.amount);
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MSG.serverError);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Recharge Wallet">
      <form onSubmit={submit} noValidate>
        <Field
          label="Amount (₹)"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 1000"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value.replace(/[^\d]/g, '').slice(0, 5));
            setError(null);
          }}
          error={error}
          hint={MSG.walletRechargeRange}
          data-autofocus
        />
        <div className="-mt-1 mb-4 flex flex-wrap gap-2" aria-label="Quick amounts">
          {QUICK_AMOUNTS.map((v) => (
            <button
              key={v}
              type="button"
              onClick={() => {
                setAmount(String(v));
                setError(null);
              }}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors ${amount === String(v) ? 'border-brand-700 bg-brand-50 text-brand-700' : 'border-sand-100 text-ink-700 hover:border-brand-200'}`}
            >
              {formatINR(v)}
            </button>
          ))}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={recharge.isPending}>
          {recharge.isPending ? 'Starting payment…' : amount ? `Add ${formatINR(Number(amount) || 0)}` : 'Add money'}
        </Button>
        <p className="mt-3 text-center text-xs text-ink-500">You will be taken to our secure payment page.</p>
      </form>
    </Dialog>
  );
}
