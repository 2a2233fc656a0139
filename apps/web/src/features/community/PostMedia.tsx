import type { CommunityPost, CommunityProductTag } from '@statewise/contract/community';
import { Link } from 'react-router';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { gridLayout, tagNameLimit, truncate } from './rules.ts';

/** A tagged product as a small chip linking to its page, its name cut to `limit` characters (accounts §9). */
export function ProductTag({ product, limit }: { product: Pick<CommunityProductTag, 'name' | 'slug'>; limit: number }) {
  return (
    <Link
      to={`/product/${product.slug}`}
      title={product.name}
      className="inline-flex max-w-full items-center gap-1 truncate rounded-full bg-white/95 px-2 py-0.5 text-[11px] font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100 hover:bg-brand-50"
    >
      <svg viewBox="0 0 24 24" className="size-3 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
        <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9z" />
        <circle cx="7.5" cy="7.5" r="1.5" />
      </svg>
      <span className="truncate">{truncate(product.name, limit)}</span>
    </Link>
  );
}

/**
 * A post's 1–5 pictures laid out by their count (accounts §9), each with its tagged products over its foot; the tag
 * names are cut by the count (30, 10, 20, 20).
 */
export function ImageGrid({ sections }: { sections: CommunityPost['productImages'] }) {
  const count = sections.length;
  if (count === 0) return null;
  const { grid, tiles } = gridLayout(count);
  const limit = tagNameLimit(count);
  const sizes = count === 1 ? '(min-width: 768px) 600px, 100vw' : '(min-width: 768px) 300px, 50vw';
  return (
    <div className={`${grid} overflow-hidden rounded-xl`} data-testid="image-grid" data-count={count}>
      {sections.slice(0, 5).map((s, i) => (
        <figure key={i} className={`relative min-h-0 overflow-hidden bg-sand-100 ${tiles[i] ?? ''}`}>
          <img {...responsiveImage(s.image, sizes)} alt={s.productsMapped.map((p) => p.name).join(', ')} loading="lazy" width={600} height={600} className="absolute inset-0 size-full object-cover" />
          {s.productsMapped.length ? (
            <figcaption className="absolute inset-x-1.5 bottom-1.5 flex flex-wrap gap-1">
              {s.productsMapped.map((p) => (
                <ProductTag key={p._id} product={p} limit={limit} />
              ))}
            </figcaption>
          ) : null}
        </figure>
      ))}
    </div>
  );
}

/** The post's media: the image grid, the video (its poster while it loads), or a query's reference photo. */
export function PostMedia({ post }: { post: CommunityPost }) {
  const video = post.productVideos[0];
  if (video) {
    return (
      <div>
        <video
          src={video.video}
          poster={video.poster ?? undefined}
          controls
          preload="metadata"
          playsInline
          className="aspect-video w-full rounded-xl bg-ink-900 object-contain"
          aria-label="Post video"
        />
        {video.status === 'processing' ? <p className="mt-1 text-xs text-ink-500">This video is still being prepared; it may take a moment to play smoothly.</p> : null}
        {video.productsMapped.length ? (
          <div className="mt-2 flex flex-wrap gap-1.5">
            {video.productsMapped.map((p) => (
              <ProductTag key={p._id} product={p} limit={tagNameLimit(1)} />
            ))}
          </div>
        ) : null}
      </div>
    );
  }
  if (post.productImages.length) return <ImageGrid sections={post.productImages} />;
  if (post.image) {
    return (
      <img
        {...responsiveImage(post.image, '(min-width: 768px) 600px, 100vw')}
        alt={post.kind === 'query' ? 'Reference photo' : ''}
        loading="lazy"
        width={600}
        height={450}
        className="max-h-[28rem] w-full rounded-xl bg-sand-100 object-contain"
      />
    );
  }
  return null;
}
