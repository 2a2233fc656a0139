import { CAROUSEL_AUTOPLAY_MS } from '@statewise/contract/ui';
import { ClientOnly } from '../../components/ClientOnly.tsx';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Carousel } from '../../components/ui/Carousel.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useIsDesktop } from '../../lib/media.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { useProfile } from '../auth/api.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { Avatar } from '../profile/Avatar.tsx';
import { useCommunityBanners, useMembers, useTrendingPosts } from './api.ts';
import { Feed } from './Feed.tsx';
import { authorName, compactCount, truncate } from './rules.ts';

/** Accounts §9: the members count shown when the server's is not known yet. */
const MEMBERS_FALLBACK = '10.3K';
/** The welcome dialog shows once per browser (the spec's show_community_modal). */
const WELCOME_KEY = 'show_community_modal';

function welcomeSeen(): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) === 'false';
  } catch {
    return true;
  }
}

/** The welcome dialog (accounts §2.6), once per browser. */
function WelcomeModal() {
  const [open, setOpen] = useState(() => !welcomeSeen());
  const close = () => {
    try {
      localStorage.setItem(WELCOME_KEY, 'false');
    } catch {
      /* storage blocked: it shows again next time */
    }
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} title="Welcome to the Statewise community">
      <div className="space-y-3 text-sm text-ink-700">
        <p>This is where makers from every state show what they make, and where you ask for what you wish to buy.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Post a buying query — “I wish to buy…” — with a photo, and sellers answer with offers you can buy at once.</li>
          <li>Like, comment and reply on posts; tap a tag to open the product.</li>
          <li>Keep it kind. Report anything that does not belong here.</li>
        </ul>
      </div>
      <Button className="mt-5 w-full" onClick={close}>
        Explore the community
      </Button>
    </Dialog>
  );
}

/** The banner carousel: the community's banners, the mobile picture under 768 px. */
/**
 * A banner's link: inside the app or outside it (components/SmartLink's rule, written here because importing it would
 * move it out of the home page's chunk into one more request there; ADR 027).
 */
function BannerLink({ to, label, children }: { to: string; label: string; children: React.ReactNode }) {
  const className = 'block overflow-hidden rounded-2xl';
  return to.startsWith('/') ? (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} aria-label={label} rel="noopener">
      {children}
    </a>
  );
}

function Banners() {
  const { data } = useCommunityBanners();
  if (!data || data.length === 0) return null;
  return (
    <Carousel label="Community banners" autoplayMs={CAROUSEL_AUTOPLAY_MS.banner} dots className="mb-4">
      {data.map((b, i) => (
        <BannerLink key={b._id} to={b.link || '/community'} label={b.title}>
          <picture>
            <source media="(min-width: 768px)" srcSet={b.image} />
            <img
              src={b.mobileImage || b.image}
              alt={b.title}
              width={800}
              height={800}
              loading={i === 0 ? 'eager' : 'lazy'}
              className="aspect-[2/1] w-full bg-sand-100 object-cover md:aspect-[4/1]"
            />
          </picture>
        </BannerLink>
      ))}
    </Carousel>
  );
}

/**
 * The post box (accounts §2.6): the placeholder says who posts what — a user's "I wish to buy...", a vendor's and an
 * admin's "Enter the description..." — and a click opens the right add screen (/CreatePost, /details; vendors also
 * Add Videos, /videos). A guest gets the login prompt.
 */
export function Composer() {
  const { isLoggedIn, role, userId } = useSession();
  const navigate = useNavigate();
  const profile = useProfile();
  const placeholder = role === 'user' || !isLoggedIn ? 'I wish to buy...' : 'Enter the description...';
  const open = (to: string) => (isLoggedIn ? navigate(to) : openLogin());
  const target = role === 'user' ? '/CreatePost' : '/details';
  return (
    <div className="mb-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-sand-200 md:p-4" data-testid="post-composer">
      <div className="flex items-center gap-3">
        {profile.data ? <Avatar profile={profile.data} /> : null}
        <button
          type="button"
          onClick={() => open(target)}
          className="flex-1 rounded-full border border-sand-200 bg-sand-50 px-4 py-2.5 text-left text-[15px] text-ink-500 hover:border-brand-300 hover:bg-white"
          aria-label={role === 'user' || !isLoggedIn ? 'Post a buying query' : 'Create a post'}
          data-user={userId ?? ''}
        >
          {placeholder}
        </button>
      </div>
      {role === 'vendor' || role === 'admin' ? (
        <div className="mt-2 flex gap-2 pl-[3.25rem]">
          <Button size="sm" variant="ghost" onClick={() => open('/details')}>
            Add Photos
          </Button>
          {role === 'vendor' ? (
            <Button size="sm" variant="ghost" onClick={() => open('/videos')}>
              Add Videos
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The trending list beside the feed on wide screens (failures are logged only, accounts §8). */
function Trending() {
  const desktop = useIsDesktop();
  const { data } = useTrendingPosts(desktop);
  if (!desktop || !data || data.length === 0) return null;
  return (
    <aside className="sticky top-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200" aria-labelledby="trending-heading">
      <h2 id="trending-heading" className="font-display text-xl text-brand-800">
        Trending
      </h2>
      <ol className="mt-3 space-y-3">
        {data.map((p) => {
          const image = p.productImages[0]?.image ?? p.productVideos[0]?.poster ?? p.image;
          return (
            <li key={p._id}>
              <Link to={`/community/post/${p._id}`} className="group flex gap-3">
                {image ? <img {...responsiveImage(image, '64px')} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-lg bg-sand-100 object-cover" /> : <span className="size-16 shrink-0 rounded-lg bg-sand-100" />}
                <span className="min-w-0">
                  <span className="block text-xs font-semibold text-saffron-800">{authorName(p.userId)}</span>
                  <span className="line-clamp-2 text-sm text-ink-900 group-hover:text-brand-700">{truncate(p.description, 90)}</span>
                  <span className="text-xs text-ink-500">
                    {p.NumberOfLikes} likes · {p.commentsCount} comments
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}

/** /community (accounts §2.6): welcome dialog, banners, title and members, composer, the feed, trending on desktop. */
export default function CommunityPage() {
  usePageTitle('Community');
  const members = useMembers();
  return (
    <div className="mx-auto max-w-6xl px-3 py-4 md:px-6 md:py-6">
      {/* once per browser: known at this device only, so drawn after the page is taken over */}
      <ClientOnly>
        <WelcomeModal />
      </ClientOnly>
      <Banners />
      <div className="md:grid md:grid-cols-[minmax(0,1fr)_18rem] md:gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="mx-auto w-full max-w-2xl">
          <div className="mb-4 flex items-end justify-between gap-3 px-1">
            <div>
              <p className="text-[11px] font-semibold tracking-[0.18em] text-saffron-700 uppercase">Makers & buyers</p>
              <h1 className="font-display text-3xl text-brand-800">Statewise Community</h1>
            </div>
            <p className="text-right text-sm text-ink-700">
              <span className="block font-display text-2xl text-brand-800">{members.data ? compactCount(members.data.membersCount) : MEMBERS_FALLBACK}</span>
              members
            </p>
          </div>
          <Composer />
          <Feed />
        </div>
        <div className="hidden md:block">
          <Trending />
        </div>
      </div>
    </div>
  );
}
