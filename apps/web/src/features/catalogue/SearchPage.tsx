import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/Button.tsx';
import { usePageTitle } from '../../lib/page-head.tsx';
import ListingPage from './listing/ListingPage.tsx';

/**
 * /search?search=…: the products matching the text (typo tolerant, best matches first) with the listings' filters
 * and sorts, all in the address bar (listing/ListingPage.tsx, kind 'search'); or 'No Product Found'.
 */
export default function SearchPage() {
  const [query] = useSearchParams();
  const term = (query.get('search') ?? '').trim().slice(0, 100);
  if (!term) return <NoTerm />;
  return <ListingPage kind="search" />;
}

function NoTerm() {
  usePageTitle('Search');
  return (
    <div className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="font-display text-3xl text-brand-800">Search Statewise</h1>
      <p className="mt-2 text-ink-700">Type what you are looking for in the search box above — a saree, a style like Ikat, a craft.</p>
      <Link to="/products/" className={buttonClass('primary', 'md', 'mt-8')}>
        Browse new arrivals
      </Link>
    </div>
  );
}
