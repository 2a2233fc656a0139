import { MSG } from '@statewise/contract/messages';
import type { SellerRecord } from '@statewise/contract/schemas/sellers';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useProfile } from '../auth/api.ts';
import { useSession } from '../auth/session.ts';
import { useSellerRecord } from '../profile/api.ts';
import { sellerState, type SellerState } from './seller-state.ts';
import { SellerFormCard } from './ui.tsx';

/**
 * Become a Seller (accounts §4.9) for the account hub tile and the /seller page: the person's state, and what
 * choosing it does — no e-mail: the alert and /edit-profile-user; never applied or rejected: the form; step two
 * missing: step two; under review: the alert only (the button is greyed).
 */
export function useBecomeSeller() {
  const { role } = useSession();
  const profile = useProfile();
  const record = useSellerRecord(role === 'user' || role === 'vendor');
  const navigate = useNavigate();
  const ready = !!profile.data && !record.isPending;
  const state: SellerState | null = ready ? sellerState(profile.data.email, record.data ?? null) : null;

  // A click before the profile and record have loaded is kept and carried out when they arrive.
  const wanted = useRef(false);
  const act = (state: SellerState) => {
    if (state === 'noEmail') {
      toast.error(MSG.sellerEmailFirst, { description: MSG.sellerEmailNeeded });
      navigate('/edit-profile-user');
    } else if (state === 'apply' || state === 'rejected') navigate('/auth/vendor-registration');
    else if (state === 'finishDetails') navigate('/auth/vendor-registration-second');
    else if (state === 'underReview') toast.info(MSG.sellerUnderReview);
    else navigate('/profile');
  };
  const go = () => {
    if (state) act(state);
    else wanted.current = true;
  };
  useEffect(() => {
    if (!wanted.current || !state) return;
    wanted.current = false;
    act(state);
  });
  return { state, record: record.data ?? null, go };
}

/** The tile's line under "Become a Seller" for each state. */
export function becomeSellerText(state: SellerState | null): string {
  if (state === 'underReview') return MSG.sellerWaiting;
  if (state === 'finishDetails') return 'Finish your seller details';
  if (state === 'rejected') return 'Not approved — see why';
  return 'Sell your region’s craft';
}

/** Under the hub's tiles: a rejection's reason with Apply again, or the step-two reminder. */
export function SellerStatusNote({ state, record }: { state: SellerState | null; record: SellerRecord | null }) {
  if (state === 'rejected') {
    return (
      <div role="status" className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">Your seller application was not approved.</p>
        {record?.application?.decisionNote ? <p className="mt-1">Reason: {record.application.decisionNote}</p> : null}
        <Link to="/auth/vendor-registration" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Apply again
        </Link>
      </div>
    );
  }
  if (state === 'finishDetails') {
    return (
      <div role="status" className="mt-4 rounded-2xl border border-saffron-300 bg-sand-100 p-4 text-sm text-ink-900">
        <p>Your brand is registered. Add your GST, addresses and bank details so we can review your store.</p>
        <Link to="/auth/vendor-registration-second" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Finish your seller details
        </Link>
      </div>
    );
  }
  return null;
}

/**
 * /seller, where the mobile menu's BECOME A SELLER leads (accounts §2.1): never applied goes to the form; no e-mail
 * to the profile editor with the alert; otherwise the application's state, Waiting for approval while under review.
 */
export function SellerPage() {
  const { role } = useSession();
  const { state, record, go } = useBecomeSeller();
  const once = useRef(false);
  useEffect(() => {
    if (once.current || state !== 'noEmail') return;
    once.current = true;
    go();
  }, [state, go]);

  if (role !== 'user' || state === 'approved') return <Navigate to="/profile" replace />;
  if (state === 'apply') return <Navigate to="/auth/vendor-registration" replace />;
  return (
    <SellerFormCard title="Become a Seller">
      {state === null || state === 'noEmail' ? <p className="text-sm text-ink-500">Loading…</p> : null}
      {state === 'underReview' ? (
        <div role="status" className="rounded-2xl bg-sand-100 p-4">
          <p className="font-semibold text-ink-900">{MSG.sellerUnderReview}</p>
          <p className="mt-1 text-sm font-medium text-saffron-700">{MSG.sellerWaiting}</p>
        </div>
      ) : null}
      <SellerStatusNote state={state} record={record} />
    </SellerFormCard>
  );
}
