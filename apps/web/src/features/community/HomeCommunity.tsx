import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { useFeedPreview } from './preview-api.ts';
import { RoleBadge } from './RoleBadge.tsx';
import { authorName, truncate } from './rules.ts';

/** How many of the newest posts the home section shows. */
const PREVIEW_POSTS = 4;

/**
 * The home page's community section (shopping §2 Home, between the subcategory cards and watch and shop): the newest
 * posts as cards and the way in. Loaded (code and data) only when it nears the screen, so the home page's first
 * JavaScript does not grow (HomeMore mounts it).
 */
export default function HomeCommunity() {
  const { data, isError } = useFeedPreview(PREVIEW_POSTS);
  if (isError || (data && data.posts.length === 0)) return null;
  return (
    <section className="mx-auto mt-10 max-w-7xl px-4 md:mt-14 md:px-6" aria-labelledby="home-community-heading">
      <div className="overflow-hidden rounded-2xl bg-brand-800 p-5 text-white md:p-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-[11px] font-semibold tracking-[0.18em] text-saffron-300 uppercase">Community</p>
            <h2 id="home-community-heading" className="font-display text-2xl md:text-[2rem]">
              Ask the makers. Buy what you wish for.
            </h2>
            <p className="mt-1 max-w-xl text-sm text-white/80">Post “I wish to buy…” and sellers from every state answer with offers.</p>
          </div>
          <Link to="/community" className={buttonClass('secondary', 'md')}>
            Join the community
          </Link>
        </div>
        <ul className="no-scrollbar -mx-5 mt-5 flex snap-x gap-3 overflow-x-auto px-5 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0">
          {data
            ? data.posts.map((p) => {
                const image = p.productImages[0]?.image ?? p.productVideos[0]?.poster ?? p.image;
                return (
                  <li key={p._id} className="w-64 shrink-0 snap-start md:w-auto">
                    <Link to={`/community/post/${p._id}`} className="group block h-full overflow-hidden rounded-xl bg-white text-ink-900 shadow-sm">
                      {image ? (
                        <img {...responsiveImage(image, '(min-width: 768px) 25vw, 256px')} alt="" width={400} height={300} loading="lazy" className="aspect-[4/3] w-full bg-sand-100 object-cover" />
                      ) : (
                        <span className="grid aspect-[4/3] w-full place-items-center bg-saffron-50 px-4 text-center font-display text-lg text-brand-800">{truncate(p.description, 70)}</span>
                      )}
                      <span className="block p-3">
                        <span className="flex items-center gap-1.5 text-xs font-semibold">
                          {authorName(p.userId)} <RoleBadge role={p.userId.role} />
                        </span>
                        {image ? <span className="mt-1 line-clamp-2 block text-sm text-ink-700 group-hover:text-brand-700">{p.description}</span> : null}
                        <span className="mt-1 block text-xs text-ink-500">
                          {p.NumberOfLikes} likes · {p.commentsCount} comments
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })
            : Array.from({ length: PREVIEW_POSTS }, (_, i) => (
                <li key={i} className="w-64 shrink-0 md:w-auto">
                  <Skeleton className="aspect-[4/3] w-full rounded-xl" />
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
