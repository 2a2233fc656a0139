import { CAROUSEL_AUTOPLAY_MS } from '@statewise/contract/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Carousel } from '../../components/ui/Carousel.tsx';
import { Skeleton } from '../../components/ui/Skeleton.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { usePageHead } from '../../lib/page-head.tsx';
import { organizationJsonLd, websiteJsonLd } from '../../lib/structured-data.ts';
import { useBanners } from '../catalogue/api.ts';

// The sections under the banner load as their own chunk, in parallel with the first data, so the first paint
// carries only the banner's code (the home route's initial JavaScript budget is 100 KB gzip).
const HomeMore = lazy(() => import('./HomeMore.tsx'));

/**
 * Home (shopping §2): the banner carousel, then the sections in the spec's order — categories, shop by states,
 * subcategory cards, community, watch and shop, shop by style, vendor section, trending, crazy deals, top
 * selling (all but the banner in HomeMore). Loads start 150 ms apart (HOME_STAGGER_MS) so the first
 * sections are not queued behind the last. `?login=true[&chatId=]` is handled by the auth feature's AuthRoot,
 * which the layout mounts on every page.
 */

/** How long the banners after the first wait before their pictures load (autoplay moves on only after several seconds). */
const OTHER_SLIDES_AFTER_MS = 1500;

function Banners() {
  const query = useBanners();
  const { data, isError } = query;
  // The other slides' pictures come a little later: on a phone network they would otherwise share the bandwidth with
  // the first banner, the page's largest picture (issue 9, ADR 013). The slides keep their size meanwhile.
  const [otherSlides, setOtherSlides] = useState(false);
  const hasData = Boolean(data);
  useEffect(() => {
    if (!hasData) return;
    const t = window.setTimeout(() => setOtherSlides(true), OTHER_SLIDES_AFTER_MS);
    return () => window.clearTimeout(t);
  }, [hasData]);
  const none = (data && data.length === 0) || (isError && !data);
  if (none) return null;
  return (
    <div className="mx-auto max-w-7xl px-0 pt-3 md:px-6 md:pt-5">
      {data ? (
        <Carousel label="Offers" autoplayMs={CAROUSEL_AUTOPLAY_MS.banner} dots>
          {data.map((b, i) => (
            <SmartLink key={b._id} to={b.link || '/products/'} label={b.title} className="block overflow-hidden md:rounded-2xl">
              {i > 0 && !otherSlides ? (
                <div className="aspect-square w-full bg-sand-100 md:aspect-[8/3]" />
              ) : (
                <picture>
                  <source media="(min-width: 768px)" srcSet={b.image} width={1600} height={600} />
                  <img
                    src={b.mobileImage || b.image}
                    alt={b.title}
                    width={800}
                    height={800}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    className="aspect-square w-full bg-sand-100 object-cover md:aspect-[8/3]"
                  />
                </picture>
              )}
            </SmartLink>
          ))}
        </Carousel>
      ) : (
        <Skeleton className="aspect-square w-full rounded-none md:aspect-[8/3] md:rounded-2xl" />
      )}
      {/* keeps the height of the dots row while loading */}
      {data ? null : <div className="h-[18px]" />}
    </div>
  );
}

export function HomePage() {
  usePageHead({ canonical: '/', jsonLd: (origin) => [organizationJsonLd(origin), websiteJsonLd(origin)] });
  return (
    <div className="pb-4">
      <h1 className="sr-only">Statewise — shop wise, statewise</h1>
      <Banners />

      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeMore />
      </Suspense>
    </div>
  );
}
