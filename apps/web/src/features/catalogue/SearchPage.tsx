import { PAGE_SIZE } from '@statewise/contract/constants';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/Button.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { ProductResults } from './listing/ProductResults.tsx';

/** /search?search=…: the products matching the text (typo tolerant, best matches first), or 'No Product Found'. */
export default function SearchPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const term = (query.get('search') ?? '').trim().slice(0, 100);
  const rawPage = query.get('page');
  const page = rawPage && /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  usePageTitle(term ? `Search: ${term}` : 'Search');

  if (!term)
    return (
      <div className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="font-display text-3xl text-brand-800">Search Statewise</h1>
        <p className="mt-2 text-ink-700">Type what you are looking for in the search box above — a saree, a style like Ikat, a craft.</p>
        <Link to="/products/" className={buttonClass('primary', 'md', 'mt-8')}>
          Browse new arrivals
        </Link>
      </div>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 md:px-6 md:pt-10">
      <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">Search results</p>
      <h1 className="mb-6 font-display text-3xl break-words text-brand-800 md:text-4xl">“{term}”</h1>
      <ProductResults
        wide
        body={{ search: term }}
        page={page}
        pageSize={PAGE_SIZE.listing}
        onPage={(p) => {
          const next = new URLSearchParams({ search: term });
          if (p > 1) next.set('page', String(p));
          navigate(`/search?${next.toString()}`);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        emptyHint="Check the spelling, or try a broader word such as saree, kurta or jhumka."
        emptyAction={
          <Link to="/products/" className={buttonClass('outline')}>
            Browse new arrivals
          </Link>
        }
      />
    </div>
  );
}
