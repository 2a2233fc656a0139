import { discountPercent } from '@statewise/contract/format';
import type { ProductCard as Product } from '@statewise/contract/schemas/catalogue';
import { Link } from 'react-router';
import { Price } from './Price.tsx';
import { Skeleton } from './ui/Skeleton.tsx';

/**
 * The one product card (home rows, listings, search, store, similar products): a 3:4 WebP picture loaded lazily
 * with its size set, the name, the offered price, the struck-through list price and the discount, all linking
 * to /product/{slug}.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const off = product.discount || discountPercent(product.price, product.offeredPrice);
  return (
    <Link to={`/product/${product.slug}`} className="group relative block rounded-xl bg-white p-2 shadow-[0_1px_3px_rgb(31_26_28/0.08)] transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-700">
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
        {off > 0 ? <span className="absolute top-2 right-2 rounded bg-saffron-400 px-1.5 py-0.5 text-[11px] font-bold text-ink-900">{off}% OFF</span> : null}
      </div>
      <div className="px-1 pt-2 pb-1">
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 text-ink-900 group-hover:text-brand-700">{product.name}</h3>
        <Price price={product.price} offeredPrice={product.offeredPrice} />
      </div>
    </Link>
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

/** The product grid of listings and search: 2 columns on phones, up to 4 beside a sidebar, 5 across a `wide` page. */
export function ProductGrid({ products, loadingCount = 0, wide = false }: { products: Product[]; loadingCount?: number; wide?: boolean }) {
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 ${wide ? 'xl:grid-cols-5' : ''}`}>
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < 4} />
        </li>
      ))}
      {Array.from({ length: loadingCount }, (_, i) => (
        <li key={`s${i}`}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
