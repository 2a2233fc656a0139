import { Link } from 'react-router';
import { usePageHead } from '../lib/page-head.tsx';

/** Shown for unknown addresses and for screens that later releases add. */
export function NotFoundPage() {
  // a real 404 for the address, and nothing for search engines to keep
  usePageHead({ title: 'Page not found', status: 404, noindex: true });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="font-display text-6xl text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">This page is not here</h1>
      <p className="mt-2 text-ink-700">The address may be mistyped, or the page is still being woven.</p>
      <Link to="/" className="mt-8 rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
        Back to home
      </Link>
    </section>
  );
}
