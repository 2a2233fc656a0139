import { discountPercent, formatINR, placeName } from '@statewise/contract/format';
import { MSG, onlyLeftMessage } from '@statewise/contract/messages';
import type { ProductDetail, VendorDetails } from '@statewise/contract/schemas/catalogue';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BottomBar } from '../../components/BottomBar.tsx';
import { Later, shown } from '../../components/Later.tsx';
import { ProductCarousel } from '../../components/ProductCarousel.tsx';
import { ShareMenu } from '../../components/ShareMenu.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { heart, Icon } from '../../components/ui/icons.tsx';
import { chevronRight } from '../../components/ui/icon-paths.ts';
import { QuantityStepper } from '../../components/ui/QuantityStepper.tsx';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageHead } from '../../lib/page-head.tsx';
import { productJsonLd, type Breadcrumb } from '../../lib/structured-data.ts';
import { useStartChat } from '../chat/start-chat.ts';
import { useSession } from '../auth/session.ts';
import { useAddToCart } from '../cart/api.ts';
import { startBuyNow } from '../checkout/buy-now-item.ts';
import { useToggleWishlist, useWishlist } from '../wishlist/api.ts';
import { RatingSummary } from '../reviews/RatingSummary.tsx';
import { ReviewsSection } from '../reviews/ReviewsSection.tsx';
import { useProduct, useSimilarProducts, type ProductPageData } from './api.ts';
import { buildBuyNowItem } from './buy-now.ts';
import { DeliveryCheck } from './DeliveryCheck.tsx';
import { Gallery } from './Gallery.tsx';
import { chat, returns, ruler, shield, store } from './icons.ts';
import { chosenStock, galleryImages, initialColor, isOutOfStock, isSized, maxQuantity } from './options.ts';

/**
 * Product detail /product/{slug} (shopping §2): a skeleton in the page's own layout, then the product. A different slug loads the other
 * product (and starts its choices afresh).
 */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const q = useProduct(slug);
  const missing = q.isError && q.error instanceof ApiError && q.error.status === 404;
  usePageHead(missing ? { title: MSG.productNotFound, status: 404, noindex: true } : {});

  if (q.isPending) return <ProductSkeleton />;
  if (q.isError) {
    // a suspended store's product: the server says so, and so do we (ADR 025)
    const storeDown = missing && q.error.message === MSG.productStoreUnavailable;
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <h1 className="font-display text-3xl text-brand-800">{storeDown ? 'No longer available' : missing ? MSG.productNotFound : 'This product could not be loaded'}</h1>
        <p className="mt-2 text-ink-700">
          {storeDown
            ? 'Its store is currently unavailable, so this product cannot be bought for now.'
            : missing
              ? 'It may have sold out for good or been taken off sale.'
              : 'Please check your connection and try again.'}
        </p>
        {missing ? (
          <Link to="/products" className={buttonClass('primary', 'lg', 'mt-8')}>
            See new arrivals
          </Link>
        ) : (
          <Button size="lg" className="mt-8" onClick={() => void q.refetch()}>
            Try again
          </Button>
        )}
      </section>
    );
  }
  const { productDetail, vendorDetails } = q.data;
  return <ProductView page={q.data} slug={slug} key={productDetail._id} product={productDetail} vendor={vendorDetails[0] ?? null} />;
}

/** Home, the product's category and its subcategory: the page's breadcrumbs and its structured data's. */
function crumbsOf(product: ProductDetail): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [{ path: '/', name: 'Home' }];
  if (product.categoryId) crumbs.push({ path: `/products/${product.categoryId.slug}`, name: product.categoryId.name });
  if (product.categoryId && product.subcategoryId)
    crumbs.push({ path: `/products/${product.categoryId.slug}/${product.subcategoryId.slug}`, name: product.subcategoryId.subcategoryName });
  return crumbs;
}

function Breadcrumbs({ product }: { product: ProductDetail }) {
  const crumbs = crumbsOf(product).map((c) => ({ to: c.path, label: c.name }));
  return (
    <nav aria-label="Breadcrumb" className="no-scrollbar overflow-x-auto">
      <ol className="flex items-center gap-1 text-xs whitespace-nowrap text-ink-500 md:text-sm">
        {crumbs.map((c) => (
          <li key={c.to} className="flex items-center gap-1">
            <Link to={c.to} className="hover:text-brand-700 hover:underline">
              {c.label}
            </Link>
            <Icon d={chevronRight} className="size-3.5" />
          </li>
        ))}
        <li aria-current="page" className="max-w-[14rem] truncate text-ink-700 md:max-w-md">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

/**
 * The parts below a phone's first screen skip style, layout and paint while off screen (`content-visibility: auto`),
 * taking a guessed height meanwhile and their real one once drawn (the browser keeps it); on a phone's slow CPU their
 * layout was a long task of its own as each arrived (issue 9). Still in the page: find in page, tabbing and #reviews
 * reach them.
 */
const BELOW = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]';

function ProductView({ product, vendor, page, slug }: { product: ProductDetail; vendor: VendorDetails | null; page: ProductPageData; slug: string }) {
  const canonical = `/product/${product.slug}`;
  usePageHead({
    title: product.name,
    description: product.metaDescription,
    keywords: product.metaKeyword,
    canonical,
    type: 'product',
    image: product.images[0],
    jsonLd: (origin) => [productJsonLd(page, { origin, breadcrumbs: crumbsOf(product) })],
    // the same product under another spelling of its address (capitals, escapes) moves to its own for good
    redirect: slug === product.slug ? undefined : canonical,
  });
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const { add, isPending: adding } = useAddToCart();
  const wishlist = useWishlist();
  const { toggle, isPending: wishing } = useToggleWishlist();

  const [color, setColor] = useState<string | null>(() => initialColor(product));
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState(false);
  const [chartOpen, setChartOpen] = useState(false);
  const [policyOpen, setPolicyOpen] = useState(false);
  const sizeBox = useRef<HTMLDivElement>(null);

  const sized = isSized(product);
  const choice = { size, color };
  const stock = chosenStock(product, choice);
  const max = maxQuantity(product, choice);
  const soldOut = isOutOfStock(product, choice);
  const images = galleryImages(product, color);
  const off = product.discount || discountPercent(product.price, product.offeredPrice);
  const wished = wishlist.has(product._id);
  const url = `/product/${product.slug}`;

  const pick = (next: { size?: string; color?: string }) => {
    const nextChoice = { size: next.size ?? size, color: next.color ?? color };
    if (next.size !== undefined) setSize(next.size);
    if (next.color !== undefined) setColor(next.color);
    setSizeError(false);
    setQuantity((q) => Math.min(q, maxQuantity(product, nextChoice)));
  };

  /** 'Please select size' (inline) when a sized product has none chosen. */
  const needsSize = () => {
    if (sized && !size) {
      setSizeError(true);
      sizeBox.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return true;
    }
    return false;
  };

  const image = images[0] ?? null;
  const addToCart = async () => {
    if (needsSize()) return;
    const ok = await add({ product, quantity, size, color, image });
    if (ok) setQuantity(1);
  };

  /** Keeps the buy-now item, fires initiate-checkout and goes on by the checkout's rule (a guest: guest buy-now). */
  const buyNow = () => {
    if (needsSize()) return;
    startBuyNow(buildBuyNowItem(product, { quantity, size, color }), { source: 'product', isLoggedIn, navigate });
  };

  const onLimit = (edge: 'min' | 'max') => {
    const message = edge === 'min' ? MSG.quantityMin : stock !== null && stock < 10 ? (stock <= 0 ? MSG.outOfStock : onlyLeftMessage(stock)) : MSG.quantityMax;
    toast.error(message, { id: 'pdp-quantity' });
  };

  const label = 'text-xs font-semibold tracking-[0.14em] text-ink-500 uppercase';

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 md:px-6 md:pt-6">
      <Breadcrumbs product={product} />
      {soldOut ? null : (
        // Phones: Add to cart and Buy now stay at hand while the shopper scrolls the details and reviews.
        <BottomBar label="Buy this product">
          <Button variant="outline" className="flex-1 px-2! whitespace-nowrap" disabled={adding} onClick={() => void addToCart()}>
            {adding ? 'ADDING…' : 'ADD TO CART'}
          </Button>
          <Button className="flex-1 px-2! whitespace-nowrap" onClick={buyNow}>
            BUY NOW
          </Button>
        </BottomBar>
      )}

      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] md:gap-10 lg:gap-14">
        <div className="md:sticky md:top-32 md:self-start">
          <Gallery key={color ?? 'all'} images={images} name={product.name} />
        </div>

        <div className="min-w-0">
          {vendor?.brandName ? (
            <Link to={`/store/${vendor.vendorSlug}`} className="inline-flex items-center gap-1.5 text-sm font-semibold tracking-wide text-saffron-700 uppercase hover:underline">
              <Icon d={store} className="size-4" />
              {vendor.brandName}
            </Link>
          ) : null}
          <h1 className="mt-1 font-display text-2xl leading-tight text-ink-900 md:text-[2rem]">{product.name}</h1>
          <RatingSummary rating={product.rating} count={product.reviewsCount} />
          {product.stateId || product.styleId ? (
            <p className="mt-1 text-sm text-ink-500">
              {[product.styleId?.name, product.stateId ? `from ${product.stateId.name}` : null].filter(Boolean).join(' · ')}
            </p>
          ) : null}

          <div className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-3xl font-semibold text-ink-900">{formatINR(product.offeredPrice)}</span>
            {product.price > product.offeredPrice ? (
              <>
                <span className="text-base text-ink-500">
                  MRP <s>{formatINR(product.price)}</s>
                </span>
                <span className="rounded bg-saffron-400 px-1.5 py-0.5 text-sm font-bold text-ink-900">{off}% OFF</span>
              </>
            ) : null}
          </div>
          <p className="mt-1 text-xs text-ink-500">Inclusive of all taxes</p>

          {product.isColorOptions && product.colorInventory.length ? (
            <div className="mt-6">
              <p className={label}>
                Colour: <span className="tracking-normal text-ink-900 normal-case">{color}</span>
              </p>
              <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Colour">
                {product.colorInventory.map((c) => {
                  const none = c.quantity <= 0;
                  const selected = c.color === color;
                  return (
                    <button
                      key={c._id}
                      type="button"
                      disabled={none}
                      aria-pressed={selected}
                      aria-label={none ? `${c.color}, out of stock` : c.color}
                      title={none ? `${c.color} — out of stock` : c.color}
                      onClick={() => pick({ color: c.color })}
                      className={`relative w-16 overflow-hidden rounded-lg border-2 text-left transition-colors disabled:cursor-not-allowed ${selected ? 'border-brand-700' : 'border-sand-100 hover:border-brand-200'}`}
                    >
                      {c.images[0] ? <img src={c.images[0]} alt="" width={600} height={800} loading="lazy" className={`aspect-[3/4] w-full object-cover ${none ? 'opacity-40 grayscale' : ''}`} /> : null}
                      <span className={`block truncate px-1 py-0.5 text-center text-[11px] ${none ? 'text-ink-500 line-through' : 'text-ink-700'}`}>{c.color}</span>
                    </button>
                  );
                })}
              </div>
            </div>
          ) : null}

          {sized ? (
            <div className="mt-6" ref={sizeBox}>
              <div className="flex items-center justify-between">
                <p className={label} id="size-label">
                  Select size
                </p>
                {vendor?.sizeChart ? (
                  <button type="button" onClick={() => setChartOpen(true)} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
                    <Icon d={ruler} className="size-4" />
                    Size chart
                  </button>
                ) : null}
              </div>
              <div className="mt-2 flex flex-wrap gap-2" role="group" aria-labelledby="size-label" aria-describedby={sizeError ? 'size-error' : undefined}>
                {product.sizeInventory.map((s) => {
                  const none = s.quantity <= 0;
                  const selected = s.size === size;
                  return (
                    <button
                      key={s.size}
                      type="button"
                      disabled={none}
                      aria-pressed={selected}
                      aria-label={none ? `Size ${s.size.toUpperCase()}, out of stock` : `Size ${s.size.toUpperCase()}`}
                      onClick={() => pick({ size: s.size })}
                      className={`flex h-11 min-w-11 items-center justify-center rounded-full border px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:border-dashed disabled:text-ink-500/60 disabled:line-through ${
                        selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-sand-100 bg-white text-ink-900 hover:border-brand-700'
                      }`}
                    >
                      {/* upper case: a lone lowercase "l" reads as "I"; the API keeps sizes in lowercase */}
                      {s.size.toUpperCase()}
                    </button>
                  );
                })}
              </div>
              {sizeError ? (
                <p id="size-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {MSG.selectSize}
                </p>
              ) : null}
            </div>
          ) : product.isFreeSize ? (
            <p className="mt-6 text-sm text-ink-700">
              <span className={label}>Size:</span> Free size
            </p>
          ) : null}

          {!soldOut && stock !== null && stock > 0 && stock <= 5 ? <p className="mt-3 text-sm font-semibold text-saffron-700">Hurry, only {stock} left</p> : null}

          {soldOut ? (
            <div className="mt-6">
              <p className="rounded-xl border border-dashed border-ink-500/40 bg-sand-100 py-3 text-center text-sm font-bold tracking-[0.2em] text-ink-700" role="status">
                OUT OF STOCK
              </p>
              {(product.isColorOptions && product.colorInventory.some((c) => c.quantity > 0)) || (sized && product.sizeInventory.some((s) => s.quantity > 0)) ? (
                <p className="mt-2 text-sm text-ink-700">This {product.isColorOptions ? 'colour' : 'size'} is sold out. Another may be available.</p>
              ) : null}
            </div>
          ) : (
            <>
              <div className="mt-6 flex items-center gap-4">
                <span className={label}>Quantity</span>
                <QuantityStepper value={quantity} max={max} onChange={setQuantity} onLimit={onLimit} label="Quantity" />
              </div>
              <div className="mt-5 grid grid-cols-2 gap-3">
                <Button variant="outline" size="lg" className="w-full px-3! whitespace-nowrap" disabled={adding} onClick={() => void addToCart()}>
                  {adding ? 'ADDING…' : 'ADD TO CART'}
                </Button>
                <Button size="lg" className="w-full px-3! whitespace-nowrap" onClick={buyNow}>
                  BUY IT NOW
                </Button>
              </div>
            </>
          )}

          <div className="mt-4 flex flex-wrap items-center gap-2">
            <button
              type="button"
              aria-pressed={wished}
              disabled={wishing}
              onClick={() => void toggle({ product, color, image })}
              className={`inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors disabled:opacity-60 ${
                wished ? 'border-brand-700 bg-brand-50 text-brand-700' : 'border-sand-100 bg-white text-ink-700 hover:border-brand-200 hover:text-brand-700'
              }`}
            >
              <svg viewBox="0 0 24 24" className="size-[18px]" fill={wished ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
                <path d={heart} />
              </svg>
              {wished ? 'Wishlisted' : 'Wishlist'}
            </button>
            <ShareMenu
              url={url}
              text={`${product.name} on Statewise`}
              menuPosition="right-0"
              menuLabel="Share this product"
              className="inline-flex h-10 items-center gap-2 rounded-full border border-sand-100 bg-white px-4 text-sm font-semibold text-ink-700 hover:border-brand-200 hover:text-brand-700"
            />
          </div>

          <div className="mt-6 space-y-3">
            <DeliveryCheck vendorId={product.vendorId} />
            <ul className="grid grid-cols-2 gap-2 text-xs text-ink-700">
              <li className="flex items-center gap-2 rounded-xl bg-white px-3 py-2.5">
                <Icon d={shield} className="size-5 shrink-0 text-leaf-600" />
                Secure payments
              </li>
              <li>
                {vendor?.policy ? (
                  <button type="button" onClick={() => setPolicyOpen(true)} className="flex h-full w-full items-center gap-2 rounded-xl bg-white px-3 py-2.5 text-left font-semibold text-brand-700 hover:bg-brand-50">
                    <Icon d={returns} className="size-5 shrink-0" />
                    Return &amp; exchange policy
                  </button>
                ) : null}
              </li>
            </ul>
          </div>

          {vendor ? <ChatBlock vendor={vendor} /> : null}

          {/* Below the first screen: mounted in later tasks (components/Later.tsx), each in its turn, so the first
              render is the gallery, name, price and buttons alone. Each keeps its place meanwhile, and is laid out and
              painted only once near the screen (BELOW). */}
          <div className={BELOW}>
            <Later step={1} load={shown}>
              {(ready) =>
                ready ? (
                  <>
                    {product.description ? (
                      <section className="mt-8" aria-labelledby="details-h">
                        <h2 id="details-h" className="font-display text-xl text-brand-800">
                          Product details
                        </h2>
                        <SafeHtml html={product.description} className="mt-3" />
                      </section>
                    ) : null}

                    {vendor ? <SellerCard vendor={vendor} /> : null}
                  </>
                ) : (
                  <div className="min-h-48" />
                )
              }
            </Later>
          </div>
        </div>
      </div>

      <div className={BELOW}>
        <Later step={2} load={shown}>
          {(ready) => (ready ? <ReviewsSection productId={product._id} vendorId={product.vendorId} /> : <div id="reviews" className="mt-10 min-h-48 md:mt-14" />)}
        </Later>
      </div>
      <div className={BELOW}>
        <Later step={3} load={shown}>
          {(ready) => (ready ? <Similar product={product} vendor={vendor} /> : <ProductCarousel title="Similar products" products={undefined} loading />)}
        </Later>
      </div>

      {chartOpen && vendor?.sizeChart ? (
        <Dialog open onClose={() => setChartOpen(false)} title="Size chart" size="sm:max-w-2xl">
          <img src={vendor.sizeChart} alt={`Size chart of ${vendor.brandName || 'the seller'}`} className="h-auto w-full rounded-lg" />
          <p className="mt-3 text-xs text-ink-500">Measurements are the seller&apos;s. Sizes on this page are XS, S, M, L, XL, XXL and XXXL.</p>
        </Dialog>
      ) : null}
      {policyOpen && vendor?.policy ? (
        <Dialog open onClose={() => setPolicyOpen(false)} title="Return & exchange policy" size="sm:max-w-xl">
          {vendor.brandName ? <p className="mb-3 text-xs font-semibold tracking-wider text-ink-500 uppercase">Sold by {vendor.brandName}</p> : null}
          <SafeHtml html={vendor.policy} />
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * Chat with vendor (shopping §2, §4): a guest gets the login prompt; a shopper's chat with the vendor is created or
 * opened. Not shown to vendors and admins, who cannot start a chat.
 */
function ChatBlock({ vendor }: { vendor: VendorDetails }) {
  const { start, busy, canChat } = useStartChat();
  if (!canChat) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700">
        <Icon d={chat} />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-sm font-semibold text-ink-900">Have a question about this piece?</p>
        <p className="text-xs text-ink-700">Ask {vendor.brandName || vendor.sellerName} about fabric, fit or custom orders.</p>
      </div>
      <button type="button" disabled={busy} onClick={() => start(vendor.userId)} className={buttonClass('outline', 'sm', 'w-full shrink-0 bg-white sm:w-auto')}>
        Chat with vendor
      </button>
    </div>
  );
}

function SellerCard({ vendor }: { vendor: VendorDetails }) {
  return (
    <section aria-labelledby="seller-h" className="mt-8 rounded-2xl bg-white p-4 shadow-[0_1px_3px_rgb(31_26_28/0.06)]">
      <h2 id="seller-h" className="text-xs font-semibold tracking-[0.14em] text-ink-500 uppercase">
        Sold by
      </h2>
      <div className="mt-3 flex items-center gap-3">
        {vendor.avatar ? <img src={vendor.avatar} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-full bg-sand-100 object-cover" /> : null}
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink-900">{vendor.brandName || vendor.sellerName}</p>
          <p className="text-xs text-ink-500">{[vendor.sellerName && vendor.brandName ? vendor.sellerName : null, placeName(vendor.place, vendor.state)].filter(Boolean).join(' · ')}</p>
        </div>
        {vendor.brandName ? (
          <Link to={`/store/${vendor.vendorSlug}`} className={buttonClass('ghost', 'sm', 'shrink-0')}>
            Visit store
          </Link>
        ) : null}
      </div>
      {vendor.bio ? <p className="mt-3 line-clamp-3 text-sm text-ink-700">{vendor.bio}</p> : null}
    </section>
  );
}

function Similar({ product, vendor }: { product: ProductDetail; vendor: VendorDetails | null }) {
  const q = useSimilarProducts(product);
  return (
    <>
      <ProductCarousel title="Similar products" products={q.data?.categoryProducts} loading={q.isPending} />
      {vendor?.brandName ? <ProductCarousel title={`More from ${vendor.brandName}`} products={q.data?.vendorProducts} /> : null}
    </>
  );
}

/**
 * While the product loads: grey blocks where the breadcrumbs, gallery, name, price, sizes and buttons will be, in
 * the same grid as ProductView, so nothing jumps when it arrives.
 */
function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 md:px-6 md:pt-6" role="status" aria-label="Loading product">
      <Skeleton className="h-4 w-56 md:h-5" />
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] md:gap-10 lg:gap-14">
        <Skeleton className="aspect-[3/4] w-full rounded-2xl" />
        <div className="min-w-0">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-2 h-8 w-4/5 md:h-10" />
          <Skeleton className="mt-3 h-4 w-40" />
          <Skeleton className="mt-5 h-9 w-48" />
          <Skeleton className="mt-2 h-3 w-32" />
          <Skeleton className="mt-7 h-3 w-24" />
          <div className="mt-3 flex gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="size-11 rounded-full" />
            ))}
          </div>
          <div className="mt-8 grid grid-cols-2 gap-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
          <Skeleton className="mt-6 h-24" />
        </div>
      </div>
    </div>
  );
}
