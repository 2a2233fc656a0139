import { truncate } from '@statewise/contract/format';
import { MSG } from '@statewise/contract/messages';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RetryNote } from '../../components/Page.tsx';
import { Price } from '../../components/Price.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { close } from '../../components/ui/icon-paths.ts';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import { useAddToCart } from '../cart/api.ts';
import { CART_MSG } from '../cart/messages.ts';
import { useToggleWishlist, useWishlist, type WishlistItem } from './api.ts';

/** Wishlist card names are cut at 20 characters (shopping §2 Wishlist). */
const NAME_MAX = 20;

/** What can be bought of a wishlist item: the sizes with their stock, or the saved colour's / free-size stock. */
export function wishlistStock(item: WishlistItem): { kind: 'sized'; sizes: Array<{ size: string; quantity: number }> } | { kind: 'single'; quantity: number } {
  const p = item.productId;
  if (p.isColorOptions) {
    const colour = p.colorInventory.find((c) => c.color === item.color);
    return { kind: 'single', quantity: colour?.quantity ?? 0 };
  }
  if (p.isFreeSize) return { kind: 'single', quantity: p.freeSizeQty };
  return { kind: 'sized', sizes: p.sizeInventory };
}

/**
 * /wishlist (shopping §2 Wishlist; login needed): a card grid with names cut at 20 characters; each card adds to
 * the cart — sized products through a size picker whose sold-out sizes are disabled, colour products in the colour
 * saved with them — and on success the cart refreshes, the picks reset and the item leaves the wishlist.
 * Remove takes it off; 'No Wishlist Found' when empty.
 */
export default function WishlistPage() {
  usePageTitle('Wishlist');
  const wishlist = useWishlist();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 md:px-6 md:py-10">
      <div className="mb-6 flex items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl text-brand-800">My Wishlist</h1>
        {wishlist.items.length > 0 ? (
          <p className="text-sm text-ink-500" aria-live="polite">
            {wishlist.items.length} {wishlist.items.length === 1 ? 'item' : 'items'}
          </p>
        ) : null}
      </div>
      {wishlist.isLoading ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="rounded-xl bg-white p-2">
              <Skeleton className="aspect-[3/4] w-full" />
              <Skeleton className="mt-3 h-4 w-4/5" />
              <Skeleton className="mt-3 h-9 w-full" />
            </li>
          ))}
        </ul>
      ) : wishlist.isError ? (
        <RetryNote message="Your wishlist could not be loaded." onRetry={wishlist.refetch} />
      ) : wishlist.items.length === 0 ? (
        <div className="rounded-2xl bg-white px-6 py-16 text-center">
          <p className="font-display text-2xl text-brand-800">{MSG.noWishlist}</p>
          <p className="mt-2 text-sm text-ink-500">Tap the heart on any product to keep it here.</p>
          <Link to="/products/" className={buttonClass('primary', 'md', 'mt-6')}>
            Browse new arrivals
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4">
          {wishlist.items.map((item, i) => (
            <li key={item._id}>
              <WishlistCard item={item} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistCard({ item, eager }: { item: WishlistItem; eager: boolean }) {
  const p = item.productId;
  const { add, isPending: adding } = useAddToCart();
  const { remove, isPending: removing } = useToggleWishlist();
  const [size, setSize] = useState('');
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pickerId = useId();
  const stock = wishlistStock(item);
  const soldOut = stock.kind === 'single' ? stock.quantity <= 0 : stock.sizes.every((s) => s.quantity <= 0);
  const image = item.image || p.images[0] || '';

  const addToCart = async () => {
    if (stock.kind === 'sized' && !size) {
      setSizeError(MSG.selectSize);
      return;
    }
    setBusy(true);
    try {
      const ok = await add(
        { product: p, quantity: 1, size: stock.kind === 'sized' ? size : null, color: p.isColorOptions ? item.color : null, image },
        { limitMessage: CART_MSG.wishlistCantAddMore },
      );
      if (!ok) return;
      setSize('');
      setSizeError(null);
      toast.success(MSG.addedToCart);
      await remove(p._id, { quiet: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="flex h-full flex-col rounded-xl bg-white p-2 shadow-[0_1px_3px_rgb(31_26_28/0.08)]" aria-label={p.name}>
      <div className="relative">
        <Link to={`/product/${p.slug}`} className="block aspect-[3/4] overflow-hidden rounded-lg bg-sand-100" tabIndex={-1} aria-hidden="true">
          {image ? <img src={image} alt="" width={600} height={800} loading={eager ? 'eager' : 'lazy'} decoding="async" className="size-full object-cover" /> : null}
        </Link>
        <button
          type="button"
          onClick={() => void remove(p._id)}
          disabled={removing || busy}
          aria-label={`Remove ${p.name} from wishlist`}
          title="Remove from wishlist"
          className="absolute top-2 right-2 rounded-full bg-white/90 p-1.5 text-ink-700 shadow hover:bg-white hover:text-red-700 disabled:opacity-50"
        >
          <Icon d={close} className="size-4" />
        </button>
        {soldOut ? <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-ink-900/75 py-1 text-center text-[11px] font-semibold tracking-wider text-white uppercase">Out of stock</span> : null}
      </div>
      <div className="flex flex-1 flex-col px-1 pt-2 pb-1">
        <h2 className="text-sm leading-5 text-ink-900" title={p.name}>
          <Link to={`/product/${p.slug}`} className="hover:text-brand-700">
            {truncate(p.name, NAME_MAX)}
          </Link>
        </h2>
        <Price price={p.price} offeredPrice={p.offeredPrice} />
        {p.isColorOptions && item.color ? <p className="mt-1 text-xs text-ink-500">Colour: {item.color}</p> : null}
        <div className="mt-auto pt-3">
          {stock.kind === 'sized' && !soldOut ? (
            <div className="mb-2">
              <label htmlFor={pickerId} className="sr-only">
                Size for {p.name}
              </label>
              <select
                id={pickerId}
                value={size}
                onChange={(e) => {
                  setSize(e.target.value);
                  setSizeError(null);
                }}
                aria-invalid={sizeError ? true : undefined}
                aria-describedby={sizeError ? `${pickerId}-error` : undefined}
                className={`block h-9 w-full rounded-lg border bg-white px-2 text-sm text-ink-900 outline-none focus:ring-2 focus:ring-brand-100 ${sizeError ? 'border-red-600' : 'border-ink-500/40'}`}
              >
                <option value="">Select size</option>
                {stock.sizes.map((s) => (
                  <option key={s.size} value={s.size} disabled={s.quantity <= 0}>
                    {s.size.toUpperCase()}
                    {s.quantity <= 0 ? ' (out of stock)' : ''}
                  </option>
                ))}
              </select>
              {sizeError ? (
                <p id={`${pickerId}-error`} role="alert" className="mt-1 text-xs text-red-700">
                  {sizeError}
                </p>
              ) : null}
            </div>
          ) : null}
          <button type="button" onClick={addToCart} disabled={soldOut || busy || adding} className={buttonClass('primary', 'sm', 'w-full')}>
            {soldOut ? 'Out of stock' : busy ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
      </div>
    </article>
  );
}
