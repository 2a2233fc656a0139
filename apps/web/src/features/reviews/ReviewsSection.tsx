/*
 * For the product page (features/product): render <ReviewsSection productId={…} vendorId={…} /> where the
 * customer reviews go. It owns everything about reviews there — the average, the star breakdown, the list, the
 * Write Review action and the delete icon on the viewer's own review — so the product page needs nothing else.
 */
import { MSG } from '@statewise/contract/messages';
import { formatDate } from '@statewise/contract/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../auth/api.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { useDeleteReview, useMyReview, useReviewCounts, useReviews, type Review, type ReviewCounts } from './api.ts';
import { checkPath, pencilPath, Stars, trashPath } from './Stars.tsx';

function Breakdown({ counts }: { counts: ReviewCounts }) {
  return (
    <div className="flex max-w-2xl flex-col gap-4 sm:flex-row sm:items-center sm:gap-8">
      <div className="flex shrink-0 items-center gap-4 sm:w-40 sm:flex-col sm:gap-0 sm:text-center">
        <p className="font-display text-5xl text-brand-800" aria-label={`Average rating ${counts.average.toFixed(1)} out of 5`}>
          {counts.average.toFixed(1)}
        </p>
        <div>
          <Stars rating={counts.average} size="size-5" />
          <p className="mt-1 text-xs text-ink-500">
            {counts.total} {counts.total === 1 ? 'review' : 'reviews'}
          </p>
        </div>
      </div>
      <ul className="flex-1 space-y-1.5" aria-label="Ratings by stars">
        {([5, 4, 3, 2, 1] as const).map((n) => {
          const c = counts.counts[String(n) as '1' | '2' | '3' | '4' | '5'];
          const pct = counts.total ? Math.round((c / counts.total) * 100) : 0;
          return (
            <li key={n} className="flex items-center gap-2 text-xs text-ink-700" aria-label={`${n} stars: ${c} ${c === 1 ? 'review' : 'reviews'}`}>
              <span className="w-8 shrink-0" aria-hidden="true">
                {n} ★
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-sand-100" aria-hidden="true">
                <span className="block h-full rounded-full bg-saffron-400" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums" aria-hidden="true">
                {c}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review, mine, onDelete }: { review: Review; mine: boolean; onDelete: (r: Review) => void }) {
  const edited = review.updatedAt.slice(0, 16) !== review.createdAt.slice(0, 16);
  return (
    <li className="py-4" data-testid="review">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={review.rating} />
            <span className="text-sm font-semibold text-ink-900">
              {review.userId.firstname} {review.userId.lastname}
              {mine ? <span className="ml-1 font-normal text-ink-500">(you)</span> : null}
            </span>
            {review.verifiedPurchase ? (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-leaf-600">
                <Icon d={checkPath} className="size-3.5" />
                Verified purchase
              </span>
            ) : null}
            <span className="text-xs text-ink-500">
              {formatDate(review.createdAt)}
              {edited ? ' · edited' : ''}
            </span>
          </div>
          <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-ink-700">{review.review}</p>
        </div>
        {mine ? (
          <div className="-mt-1 -mr-2 flex shrink-0">
            <Link to={`/update-review/${review._id}`} className="rounded-full p-2.5 text-ink-500 hover:bg-sand-100 hover:text-brand-700" aria-label="Edit this review" title="Edit this review">
              <Icon d={pencilPath} className="size-5" />
            </Link>
            <button
              type="button"
              onClick={() => onDelete(review)}
              className="rounded-full p-2.5 text-ink-500 hover:bg-red-50 hover:text-red-700"
              aria-label="Delete your review"
              title="Delete your review"
            >
              <Icon d={trashPath} className="size-5" />
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Customer reviews on the product page (shopping §2 Product detail): average and star breakdown, the reviews
 * newest first (10 at a time), Write Review (to /write-review/{productId}/{userId}; guests get the login prompt;
 * someone who already reviewed gets Edit your review), and on the viewer's own review only, edit and delete.
 * The product's own seller cannot review it, so the action is hidden for them.
 */
export function ReviewsSection({ productId, vendorId }: { productId: string; vendorId?: string }) {
  const { isLoggedIn, userId } = useSession();
  const counts = useReviewCounts(productId);
  const total = counts.data?.total ?? 0;
  const reviews = useReviews(productId, total > 0);
  const mine = useMyReview(productId);
  const remove = useDeleteReview();
  const [confirming, setConfirming] = useState<Review | null>(null);

  const isSeller = Boolean(userId && vendorId && userId === vendorId);
  const myReview = mine.data?.review ?? null;
  const list = reviews.data?.pages.flatMap((p) => p.reviews) ?? [];

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      const res = await remove.mutateAsync(confirming._id);
      toast.success(res.message ?? MSG.reviewRemoved);
      setConfirming(null);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const action = isSeller ? null : !isLoggedIn ? (
    <button type="button" onClick={() => openLogin()} className={buttonClass('outline', 'md')}>
      Write Review
    </button>
  ) : myReview ? (
    <Link to={`/update-review/${myReview._id}`} className={buttonClass('outline', 'md')}>
      Edit your review
    </Link>
  ) : (
    <Link to={`/write-review/${productId}/${userId}`} className={buttonClass('outline', 'md')}>
      Write Review
    </Link>
  );

  return (
    <section id="reviews" aria-labelledby="reviews-h" className="mt-10 scroll-mt-24 rounded-2xl bg-white p-5 shadow-[0_1px_3px_rgb(31_26_28/0.06)] md:mt-14 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-h" className="font-display text-2xl text-brand-800">
          Customer reviews
        </h2>
        {counts.data ? action : null}
      </div>
      {counts.isPending ? (
        <div className="mt-5 h-24 animate-pulse rounded-xl bg-sand-100" aria-busy="true" />
      ) : counts.isError ? (
        <p className="mt-3 text-sm text-ink-700">
          Reviews could not be loaded.{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void counts.refetch()}>
            Try again
          </button>
        </p>
      ) : total === 0 ? (
        <p className="mt-3 text-sm text-ink-700">No reviews yet. {isSeller ? '' : 'Be the first to review this product.'}</p>
      ) : (
        <>
          <div className="mt-5">
            <Breakdown counts={counts.data} />
          </div>
          <ul className="mt-6 divide-y divide-sand-100 border-t border-sand-100" aria-label="Reviews">
            {list.map((r) => (
              <ReviewItem key={r._id} review={r} mine={Boolean(userId) && r.userId._id === userId} onDelete={setConfirming} />
            ))}
          </ul>
          {reviews.isPending ? <div className="h-16 animate-pulse rounded-xl bg-sand-100" aria-busy="true" /> : null}
          {reviews.hasNextPage ? (
            <button
              type="button"
              onClick={() => void reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
              className="mt-2 text-sm font-semibold text-brand-700 hover:underline disabled:opacity-50"
            >
              {reviews.isFetchingNextPage ? 'Loading…' : `Show more reviews (${total - list.length} more)`}
            </button>
          ) : null}
        </>
      )}

      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title="Delete your review?" size="sm:max-w-sm">
        <p className="text-sm text-ink-700">Your rating and comment will be removed from this product. You can write a new review later.</p>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={buttonClass('ghost', 'md')} onClick={() => setConfirming(null)}>
            Keep it
          </button>
          <button type="button" className={buttonClass('primary', 'md', 'bg-red-700 hover:bg-red-800')} onClick={() => void confirmDelete()} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
