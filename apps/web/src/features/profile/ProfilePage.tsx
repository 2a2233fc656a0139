import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProfile } from '../auth/api.ts';
import { LOGOUT_STATE } from '../auth/logout.ts';
import { useSession, type Role } from '../auth/session.ts';
import { becomeSellerText, SellerStatusNote, useBecomeSeller } from '../sellers/become-seller.tsx';
import { vendorProfilePath } from '../sellers/seller-state.ts';
import { Avatar } from './Avatar.tsx';

/**
 * The account hub /profile (accounts §2.4): Wishlist, Address, Your Orders for a user or vendor; Edit Profile for
 * an admin or user; Become a Seller for a user (§4.9), Profile for a vendor; Log Out and Delete Account for all.
 */
export function ProfilePage() {
  const { role } = useSession();
  const profile = useProfile();
  const p = profile.data;
  const shopper = role === 'user' || role === 'vendor';
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const becomeSeller = useBecomeSeller();
  const underReview = becomeSeller.state === 'underReview';

  /** Accounts §4.9: a seller record still short of step 2 continues the form (edit mode); a complete one edits the profile. */
  const vendorProfile = () => navigate(vendorProfilePath(becomeSeller.record));

  // Home first, then forget: clearing the token here would make this guarded page ask for a login.
  const onLogout = () => {
    setLoggingOut(true);
    navigate('/', { replace: true, state: LOGOUT_STATE });
  };

  const name = p ? `${p.firstname} ${p.lastname}`.trim() : '';
  const editPath = role === 'user' ? '/edit-profile-user' : '/edit-profile';

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 md:py-12">
      <header className="flex items-center gap-4 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 p-5 text-white shadow-sm md:p-8">
        {p ? <Avatar profile={p} size="lg" /> : <span className="size-16 shrink-0 animate-pulse rounded-full bg-white/30 md:size-20" aria-hidden />}
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-saffron-300 uppercase">{roleLabel(role)}</p>
          <h1 className="truncate font-display text-2xl md:text-3xl">{p ? name || 'Your account' : 'Your account'}</h1>
          {p ? <p className="truncate text-sm text-white/85">{[p.mobile ? `+91 ${p.mobile}` : null, p.email].filter(Boolean).join(' · ')}</p> : null}
        </div>
      </header>
      {profile.isError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          We could not load your profile.{' '}
          <button type="button" className="font-semibold underline" onClick={() => profile.refetch()}>
            Try again
          </button>
        </p>
      ) : null}

      <ul className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
        {shopper ? (
          <>
            <Tile to="/wishlist" icon={<HeartIcon />} title="Wishlist" text="Pieces you saved" />
            <Tile to="/saved-address" icon={<PinIcon />} title="Address" text="Where we deliver" />
            <Tile to="/orders" icon={<BagIcon />} title="Your Orders" text="Track, return, invoice" />
          </>
        ) : null}
        {role === 'admin' || role === 'user' ? <Tile to={editPath} icon={<EditIcon />} title="Edit Profile" text="Name, photo, contacts" /> : null}
        {role === 'user' ? (
          <Tile onClick={becomeSeller.go} icon={<StoreIcon />} title="Become a Seller" text={becomeSellerText(becomeSeller.state)} muted={underReview} />
        ) : null}
        {role === 'vendor' ? <Tile onClick={vendorProfile} icon={<StoreIcon />} title="Profile" text="Your seller profile" /> : null}
        {role === 'vendor' ? <Tile to="/vendor" icon={<StoreIcon />} title="Vendor console" text="Orders, products, stock and sales" /> : null}
        {role === 'admin' ? <Tile to="/admin" icon={<StoreIcon />} title="Admin console" text="Sellers, pages, FAQ, users, inbox" /> : null}
        {role === 'admin' ? <Tile to="/admin/seller-applications" icon={<StoreIcon />} title="Seller applications" text="Approve new sellers" /> : null}
      </ul>
      {role === 'user' ? <SellerStatusNote state={becomeSeller.state} record={becomeSeller.record} /> : null}

      <div className="mt-8 flex flex-col gap-3 border-t border-brand-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-brand-700 px-6 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          <LogoutIcon /> {loggingOut ? 'Logging out…' : 'Log Out'}
        </button>
        <Link to="/auth/delete-account" className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 text-sm font-medium text-red-700 hover:bg-red-50">
          <TrashIcon /> Delete Account
        </Link>
      </div>
    </section>
  );
}

function roleLabel(role: Role | null): string {
  return role === 'vendor' ? 'Seller account' : role === 'admin' ? 'Admin account' : 'My account';
}

function Tile({ to, onClick, icon, title, text, muted = false }: { to?: string; onClick?: () => void; icon: ReactNode; title: string; text: string; muted?: boolean }) {
  const body = (
    <>
      <span className={`grid size-11 place-items-center rounded-full ${muted ? 'bg-sand-100 text-ink-500' : 'bg-brand-50 text-brand-700'}`}>{icon}</span>
      <span className="mt-3 block font-semibold text-ink-900">{title}</span>
      <span className={`mt-0.5 block text-xs ${muted ? 'font-medium text-saffron-700' : 'text-ink-500'}`}>{text}</span>
    </>
  );
  const look = `block h-full w-full rounded-2xl border p-4 text-left transition md:p-5 ${
    muted ? 'cursor-not-allowed border-sand-100 bg-sand-100/60 opacity-80' : 'border-brand-100 bg-white hover:border-brand-200 hover:shadow-md'
  }`;
  return (
    <li>
      {to ? (
        <Link to={to} className={look}>
          {body}
        </Link>
      ) : (
        <button type="button" onClick={onClick} className={look} aria-disabled={muted || undefined}>
          {body}
        </button>
      )}
    </li>
  );
}

const svg = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, className: 'size-5', 'aria-hidden': true };
const HeartIcon = () => (
  <svg {...svg}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" />
  </svg>
);
const PinIcon = () => (
  <svg {...svg}>
    <path d="M12 21s-6-5.6-6-11a6 6 0 1112 0c0 5.4-6 11-6 11z" />
    <circle cx="12" cy="10" r="2.2" />
  </svg>
);
const BagIcon = () => (
  <svg {...svg}>
    <path d="M5 8h14l-1 12H6L5 8z" />
    <path d="M9 8V6a3 3 0 016 0v2" />
  </svg>
);
const EditIcon = () => (
  <svg {...svg}>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    <path d="M13.5 6.5l4 4" />
  </svg>
);
const StoreIcon = () => (
  <svg {...svg}>
    <path d="M4 9l1.5-5h13L20 9" />
    <path d="M4 9a2.7 2.7 0 005.3 0 2.7 2.7 0 005.4 0A2.7 2.7 0 0020 9" />
    <path d="M5 11v9h14v-9" />
    <path d="M10 20v-5h4v5" />
  </svg>
);
const LogoutIcon = () => (
  <svg {...svg}>
    <path d="M15 4h4v16h-4" />
    <path d="M10 8l-4 4 4 4" />
    <path d="M6 12h10" />
  </svg>
);
const TrashIcon = () => (
  <svg {...svg}>
    <path d="M4 7h16" />
    <path d="M9 7V4h6v3" />
    <path d="M6 7l1 13h10l1-13" />
  </svg>
);
