import type { ProductCard as Product } from '@statewise/contract/schemas/catalogue';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ProductCard, ProductCardSkeleton } from '../../components/ProductCard.tsx';
import { Carousel } from '../../components/ui/Carousel.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { pin } from '../../components/ui/icon-paths.ts';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { useCategories, useCrazyDeals, useStates, useStyles, useSubcategoryCards, useTopSelling, useTrending, useVendorSection } from '../catalogue/api.ts';
import { SmartLink } from '../../components/SmartLink.tsx';
import { responsiveImage } from '../../lib/responsive-image.ts';
import { NearScreen } from './NearScreen.tsx';
import { range, Section } from './section.tsx';
import { Later, shown } from '../../components/Later.tsx';
import { AppLink } from '../../components/AppLink.tsx';

// The watch-and-shop section is its own chunk (features/watch-and-shop), loaded with the sections.
const WatchAndShopSection = lazy(() => import('../watch-and-shop/HomeSection.tsx'));
// The community section's code and data load when it nears the screen (the home budget).
const HomeCommunity = lazy(() => import('../community/HomeCommunity.tsx'));

/**
 * How wide each strip's pictures are drawn (the classes below), so an uploaded picture's srcset lets a phone take
 * the 320 px file and a wide screen a larger one. Demo art has one width and keeps its plain src.
 */
const SIZES = {
  category: '(min-width: 768px) 112px, 88px',
  state: '(min-width: 1024px) 20vw, (min-width: 768px) 25vw, 176px',
  card: '(min-width: 1024px) 20vw, (min-width: 768px) 25vw, 50vw',
  style: '(min-width: 768px) 16vw, 128px',
  vendor: '(min-width: 768px) 25vw, 256px',
  deal: '(min-width: 768px) 25vw, 50vw',
};

function ProductRow({ query: q, title, kicker, more }: { query: UseQueryResult<Product[]>; title: string; kicker: string; more: `/${string}` }) {
  const slide = 'w-[46%] sm:w-[31%] md:w-[23%] lg:w-[18.5%]';
  return (
    <Section title={title} kicker={kicker} more={more} query={q} skeleton={<div className="flex gap-3 overflow-hidden md:gap-4">{range(6).map((i) => <div key={i} className={`shrink-0 ${slide}`}><ProductCardSkeleton /></div>)}</div>}>
      {(items) => (
        <Carousel label={`${title}: products`} slideClassName={slide}>
          {items.map((p) => (
            <ProductCard key={p._id} product={p} />
          ))}
        </Carousel>
      )}
    </Section>
  );
}

/** The home sections under the banner, in the spec's order, categories to top selling. */
export default function HomeMore() {
  // The banner's load is step 0 (HomePage); each later section starts 150 ms after the one before. Each section
  // asks through its own Later, so a tick or an answer re-renders that section alone rather than all of home.
  const skeletonRow = (n: number, item: string) => (
    <div className="flex gap-3 overflow-hidden md:gap-4">
      {range(n).map((i) => (
        <div key={i} className={`shrink-0 ${item}`}>
          <Skeleton className="aspect-square w-full rounded-xl" />
          <Skeleton className="mt-2 h-3 w-2/3" />
        </div>
      ))}
    </div>
  );

  return (
    <>
      <Later step={1} load={useCategories}>
        {(categories) => (
          <Section title="Shop by Category" kicker="Handpicked" more="/shop-by/category" query={categories} skeleton={skeletonRow(8, 'w-[5.5rem] md:w-28')}>
            {(items) => (
              <ul className="no-scrollbar relative -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:justify-center md:gap-x-6 md:gap-y-5 md:overflow-visible md:px-0">
                {items.map((c) => (
                  <li key={c._id} className="w-[5.5rem] shrink-0 snap-start md:w-28">
                    <AppLink to={`/products/${c.slug}`} className="group block text-center">
                      <img {...responsiveImage(c.image, SIZES.category)} alt="" width={600} height={600} loading="lazy" className="aspect-square w-full rounded-full bg-sand-100 object-cover ring-2 ring-saffron-300 ring-offset-2 ring-offset-sand-50 transition group-hover:ring-brand-500" />
                      <span className="mt-2 block text-[13px] leading-tight font-medium text-ink-900 group-hover:text-brand-700 md:text-sm">{c.name}</span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        )}
      </Later>

      <Later step={2} load={useStates}>
        {(states) => (
          <Section title="Shop by States" kicker="36 states & UTs" more="/shop-by/region" query={states} skeleton={skeletonRow(5, 'w-44 md:w-[23%]')}>
            {(items) => (
              <Carousel label="States" slideClassName="w-44 md:w-[calc((100%-3rem)/4)] lg:w-[calc((100%-4rem)/5)]">
                {items.map((s) => (
                  <AppLink key={s._id} to={`/shop-by-state/${s.slug}`} className="group block">
                    <span className="block overflow-hidden rounded-xl">
                      <img {...responsiveImage(s.image, SIZES.state)} alt="" width={800} height={600} loading="lazy" className="aspect-[4/3] w-full bg-sand-100 object-cover transition-transform duration-300 group-hover:scale-105" />
                    </span>
                    <span className="sr-only">{s.name}: </span>
                    <span className="mt-2 line-clamp-2 block font-display text-sm text-ink-700 italic group-hover:text-brand-700">{s.slogan}</span>
                  </AppLink>
                ))}
              </Carousel>
            )}
          </Section>
        )}
      </Later>

      <Later step={3} load={useSubcategoryCards}>
        {(cards) => (
          <Section title="Curated Collections" kicker="Just for you" query={cards} skeleton={<div className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">{range(4).map((i) => <Skeleton key={i} className="aspect-[3/2] rounded-xl" />)}</div>}>
            {(items) => (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4 lg:grid-cols-5">
                {items.map((c) => (
                  <li key={c._id}>
                    {/* the picture carries the title; the link names it for screen readers */}
                    <SmartLink to={c.link || `/products/${c.categoryId.slug}/${c.subcategoryId.slug}`} label={c.title} className="group block overflow-hidden rounded-xl shadow-sm">
                      <img {...responsiveImage(c.image, SIZES.card)} alt="" width={600} height={400} loading="lazy" className="aspect-[3/2] w-full bg-sand-100 object-cover transition-transform duration-300 group-hover:scale-105" />
                    </SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        )}
      </Later>

      {/* The community section (accounts §2.6), then watch and shop. */}
      <NearScreen>
        <Suspense fallback={<div className="min-h-[20rem]" />}>
          <HomeCommunity />
        </Suspense>
      </NearScreen>

      <Later step={4} load={shown}>
        {(ready) => (
          <Suspense fallback={null}>
            <WatchAndShopSection enabled={ready} />
          </Suspense>
        )}
      </Later>

      <Later step={4} load={useStyles}>
        {(styles) => (
          <Section title="Shop by Style" kicker="Crafts of India" more="/shop-by/style" query={styles} skeleton={skeletonRow(6, 'w-32 md:w-44')}>
            {(items) => (
              <Carousel label="Styles" slideClassName="w-32 md:w-[calc((100%-5rem)/6)]">
                {items.map((s) => (
                  <AppLink key={s._id} to={`/shop-by-style/${s.slug}`} className="group block">
                    <img {...responsiveImage(s.image, SIZES.style)} alt="" width={600} height={600} loading="lazy" className="aspect-square w-full rounded-xl bg-sand-100 object-cover shadow-sm transition group-hover:shadow-md" />
                    <span className="mt-2 block text-sm font-semibold text-ink-900 group-hover:text-brand-700">{s.name}</span>
                  </AppLink>
                ))}
              </Carousel>
            )}
          </Section>
        )}
      </Later>

      <Later step={5} load={useVendorSection}>
        {(vendors) => (
          <Section title="Meet Our Stalwarts" kicker="Makers & sellers" more="/stalwart-page" query={vendors} skeleton={skeletonRow(4, 'w-64 md:w-[23%]')}>
            {(items) => (
              <Carousel label="Sellers" slideClassName="w-64 md:w-[calc((100%-3rem)/4)]">
                {items.map((v) => (
                  <AppLink key={v._id} to={`/store/${v.vendorInfo.vendorSlug}`} className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm transition hover:shadow-md">
                    <img {...responsiveImage(v.image, SIZES.vendor)} alt="" width={600} height={400} loading="lazy" className="aspect-[3/2] w-full bg-sand-100 object-cover" />
                    <span className="block p-3">
                      <span className="block font-display text-lg leading-tight text-brand-800 group-hover:underline">{v.vendorInfo.brandName}</span>
                      <span className="mt-0.5 flex items-center gap-1 text-xs text-ink-500">
                        <Icon d={pin} className="size-3.5" />
                        {v.place}
                      </span>
                      <span className="mt-2 line-clamp-2 block text-sm text-ink-700">{v.description}</span>
                    </span>
                  </AppLink>
                ))}
              </Carousel>
            )}
          </Section>
        )}
      </Later>

      <Later step={6} load={useTrending}>
        {(trending) => (
          <ProductRow query={trending} title="Trending Now" kicker="Most loved this week" more="/product/trendingproducts" />
        )}
      </Later>

      <Later step={7} load={useCrazyDeals}>
        {(deals) => (
          <Section title="Crazy Deals" kicker="Limited time" query={deals} skeleton={<div className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">{range(4).map((i) => <Skeleton key={i} className="aspect-square rounded-xl" />)}</div>}>
            {(items) => (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">
                {items.map((d) => (
                  <li key={d._id}>
                    <SmartLink to={d.link || '/products/'} className="group relative block overflow-hidden rounded-xl">
                      <img {...responsiveImage(d.image, SIZES.deal)} alt="" width={600} height={600} loading="lazy" className="aspect-square w-full bg-sand-100 object-cover transition-transform duration-300 group-hover:scale-105" />
                      <span className="absolute inset-0 bg-gradient-to-t from-ink-900/85 via-ink-900/20 to-transparent" />
                      {d.discount ? <span className="absolute top-2 left-2 rounded-full bg-saffron-400 px-2.5 py-1 text-xs font-bold text-ink-900">{d.discount}%+ off</span> : null}
                      <span className="absolute inset-x-3 bottom-2.5 text-white">
                        <span className="block font-display text-base leading-tight md:text-xl">{d.title}</span>
                        <span className="line-clamp-1 text-xs text-white/85">{d.subtitle}</span>
                      </span>
                    </SmartLink>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        )}
      </Later>

      <Later step={8} load={useTopSelling}>
        {(topSelling) => (
          <ProductRow query={topSelling} title="Top Selling" kicker="Bestsellers" more="/product/topsellingproducts" />
        )}
      </Later>
    </>
  );
}
