import { PAGE_SIZE } from '@statewise/contract/constants';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-head.tsx';
import { ProductResults } from './listing/ProductResults.tsx';

const COLLECTIONS = {
  topSelling: { title: 'Top Selling', note: 'What shoppers across India are buying most.', body: { isTopSelling: true } },
  trending: { title: 'Trending Now', note: 'Pieces everyone is looking at this season.', body: { isTrending: true } },
} as const;

const pageFrom = (v: string | null) => (v && /^\d{1,6}$/.test(v) && Number(v) >= 1 ? Number(v) : 1);

/**
 * /product/topsellingproducts and /product/trendingproducts: grids of 8 per page (shopping §2 Listings,
 * "page count = list length / 8"). The whole collection pages through product/list (isTopSelling / isTrending),
 * so every top seller is reachable, not only the first strip the home page shows.
 */
export default function CollectionPage({ which }: { which: keyof typeof COLLECTIONS }) {
  const c = COLLECTIONS[which];
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const page = pageFrom(query.get('page'));
  usePageTitle(c.title);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 md:px-6 md:pt-10">
      <h1 className="font-display text-3xl text-brand-800 md:text-4xl">{c.title}</h1>
      <p className="mt-1 mb-6 text-sm text-ink-500">{c.note}</p>
      <ProductResults
        wide
        body={c.body}
        page={page}
        pageSize={PAGE_SIZE.topSellingGrid}
        pageHref={(p) => (p > 1 ? `?page=${p}` : '?')}
        onPage={(p) => {
          navigate({ search: p > 1 ? `?page=${p}` : '' });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
