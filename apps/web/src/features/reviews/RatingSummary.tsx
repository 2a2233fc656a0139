import { Stars } from './Stars.tsx';

/**
 * The product's average rating under its name (product detail's `rating` and `reviewsCount`), linking down to
 * the reviews. Nothing shows before the first review.
 */
export function RatingSummary({ rating, count }: { rating: number; count: number }) {
  if (!count) return null;
  return (
    <a href="#reviews" className="mt-2 inline-flex items-center gap-2 rounded-md text-sm text-ink-700 hover:underline">
      <Stars rating={rating} />
      <span>
        <span className="font-semibold text-ink-900">{rating.toFixed(1)}</span> · {count} {count === 1 ? 'review' : 'reviews'}
      </span>
    </a>
  );
}
