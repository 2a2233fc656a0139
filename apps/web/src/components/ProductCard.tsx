import { discountPercent } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import type { ProductCard as Product } from '@statewise/contract/schemas/catalogue';
import { AppLink, useGo } from './AppLink.tsx';
import { Later, shown } from './Later.tsx';
import { toast } from '../lib/toast.ts';
import { useToggleWishlist, useWishlist } from '../features/wishlist/api.ts';
import { Price } from './Price.tsx';
import { heart } from './ui/icons.tsx';
import { Skeleton } from './ui/Skeleton.tsx';

/**
 * The one product card (home rows, listings, search, store, similar products): a 3:4 WebP picture loaded lazily
 * with its size set, the discount badge (top left), the name, the offered price, the struck-through list price and
 * the rating ("★ 4.3 (12)", only once reviewed), all linking to /product/{slug}; and a wishlist heart (top right)
 * beside the link, not inside it (a button inside a link is neither valid nor usable by keyboard).
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const off = product.discount || discountPercent(product.price, product.offeredPrice);
  return (
    <div className="group relative h-full rounded-xl bg-white shadow-[0_1px_3px_rgb(31_26_28/0.08)] transition-shadow hover:shadow-md">
      <AppLink to={`/product/${product.slug}`} className="block h-full rounded-xl p-2 focus-visible:outline-2 focus-visible:outline-brand-700">
        <div className="relative aspect-[3/4] overflow-hidden rounded-lg bg-sand-100">
          {product.images[0] ? (
            <img
              src={product.images[0]}
              alt={product.name}
              width={600}
              height={800}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : null}
          {!product.inStock ? <span className="absolute inset-x-0 bottom-0 bg-ink-900/75 py-1 text-center text-[11px] font-semibold tracking-wider text-white uppercase">Out of stock</span> : null}
          {off > 0 ? <span className="absolute top-2 left-2 rounded bg-saffron-400 px-1.5 py-0.5 text-[11px] font-bold text-ink-900">{off}% OFF</span> : null}
        </div>
        <div className="px-1 pt-2 pb-1">
          <h3 className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 text-ink-900 group-hover:text-brand-700">{product.name}</h3>
          <Price price={product.price} offeredPrice={product.offeredPrice} />
          <Rating rating={product.rating} count={product.reviewsCount} />
        </div>
      </AppLink>
      <WishlistHeart product={product} />
    </div>
  );
}

/** "★ 4.3 (12)" once reviewed; an empty line of the same height otherwise, so cards in a row stay level. */
function Rating({ rating, count }: { rating: number; count: number }) {
  if (count <= 0) return <p className="h-5" aria-hidden="true" />;
  return (
    <p className="mt-0.5 flex h-5 items-center gap-1 text-xs text-ink-700">
      <span className="sr-only">
        Rated {rating.toFixed(1)} out of 5 from {count} {count === 1 ? 'review' : 'reviews'}
      </span>
      <span aria-hidden="true" className="text-saffron-700">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold">
        {rating.toFixed(1)}
      </span>
      <span aria-hidden="true" className="text-ink-500">
        ({count})
      </span>
    </p>
  );
}

/**
 * The card's heart: filled when the product is on the wishlist; a tap adds or removes it through the wishlist
 * hooks (a guest's goes to the local guestWishlist and the login dialog opens, as on the product page). A colour
 * product needs its colour chosen (§5 "Please select color"), which a card cannot do: the tap opens its page.
 */
function WishlistHeart({ product }: { product: Product }) {
  const wishlist = useWishlist();
  const { toggle, isPending } = useToggleWishlist();
  const go = useGo();
  const wished = wishlist.has(product._id);
  const onClick = () => {
    if (!wished && product.isColorOptions) {
      toast.info(MSG.selectColor);
      go(`/product/${product.slug}`);
      return;
    }
    void toggle({ product });
  };
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={`Wishlist ${product.name}`}
      title={wished ? 'Remove from wishlist' : 'Add to wishlist'}
      disabled={isPending}
      onClick={onClick}
      className={`absolute top-3 right-3 grid size-9 place-items-center rounded-full bg-white/90 shadow-sm transition-colors hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60 ${
        wished ? 'text-brand-700' : 'text-ink-700'
      }`}
    >
      <svg viewBox="0 0 24 24" className="size-5" fill={wished ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
        <path d={heart} />
      </svg>
    </button>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="rounded-xl bg-white p-2" aria-hidden="true">
      <Skeleton className="aspect-[3/4] w-full" />
      <Skeleton className="mt-3 h-4 w-4/5" />
      <Skeleton className="mt-2 h-4 w-2/5" />
    </div>
  );
}

/**
 * The product grid of listings and search: 2 columns on phones, up to 4 beside a sidebar, 5 across a `wide` page.
 * `firstScreen`: only so many cards in the first render, the rest a moment later in a task of their own (Later), each
 * in its place under a skeleton meanwhile: a phone's first screen shows two rows, and sixteen cards drawn at once are
 * one long task on its main thread (issue 9). Those later cells are laid out and painted only once near the screen
 * (`content-visibility: auto`, a card's height guessed until then).
 */
const LATER_CELL = '[content-visibility:auto] [contain-intrinsic-size:auto_21rem]';

export function ProductGrid({ products, loadingCount = 0, wide = false, firstScreen }: { products: Product[]; loadingCount?: number; wide?: boolean; firstScreen?: number }) {
  const grid = (cards: Product[], skeletons: number) => (
    <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 ${wide ? 'xl:grid-cols-5' : ''}`}>
      {cards.map((p, i) => (
        <li key={p._id} className={firstScreen !== undefined && i >= firstScreen ? LATER_CELL : undefined}>
          <ProductCard product={p} eager={i < 4} />
        </li>
      ))}
      {Array.from({ length: skeletons }, (_, i) => (
        <li key={`s${i}`} className={firstScreen !== undefined ? LATER_CELL : undefined}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
  if (firstScreen === undefined) return grid(products, loadingCount);
  return (
    <Later step={1} load={shown}>
      {(ready) =>
        ready || products.length <= firstScreen ? grid(products, loadingCount) : grid(products.slice(0, firstScreen), products.length - firstScreen + loadingCount)
      }
    </Later>
  );
}
