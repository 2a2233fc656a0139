import { CAROUSEL_AUTOPLAY_MS } from '@statewise/contract/constants';
import type { ProductCard as Product } from '@statewise/contract/schemas/catalogue';
import { ProductCard, ProductCardSkeleton } from './ProductCard.tsx';
import { Carousel } from './ui/Carousel.tsx';

/** Two cards on phones, five from 768 px (shopping §2 "Similar products carousel: 2 slides small, 5 wide"). */
const SLIDE = 'w-[calc((100%-0.75rem)/2)] md:w-[calc((100%-4rem)/5)]';

/**
 * A titled carousel of product cards (similar products on the product and cart pages), autoplaying every
 * 2500 ms (paused on hover and focus). Skeletons while loading; nothing at all when there are no products.
 */
export function ProductCarousel({ title, products, loading = false }: { title: string; products: Product[] | undefined; loading?: boolean }) {
  if (!loading && (!products || products.length === 0)) return null;
  return (
    <section aria-label={title} className="mt-10 md:mt-14">
      <h2 className="mb-4 font-display text-2xl text-brand-800 md:text-[1.75rem]">{title}</h2>
      {products && products.length ? (
        <Carousel label={title} slideClassName={SLIDE} autoplayMs={CAROUSEL_AUTOPLAY_MS.product}>
          {products.map((p) => (
            <ProductCard key={p._id} product={p} />
          ))}
        </Carousel>
      ) : (
        <div className="flex gap-3 overflow-hidden md:gap-4" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={`shrink-0 ${SLIDE}`}>
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
