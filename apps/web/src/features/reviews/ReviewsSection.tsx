/*
 * For the product page (features/product): render <ReviewsSection productId={…} vendorId={…} /> where the
 * customer reviews go. It owns everything about reviews there — the average, the star breakdown, the list, the
 * Write Review action, the delete icon on the viewer's own review and, for the product's vendor, Report on each
 * review (ADR 025) — so the product page needs nothing else.
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
import { useDeleteReview, useMyReview, useReportReview, useReviewCounts, useReviews, type Review, type ReviewCounts } from './api.ts';
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

function ReviewItem({ review, mine, onDelete, onReport, reported }: { review: Review; mine: boolean; onDelete: (r: Review) => void; onReport?: (r: Review) => void; reported?: boolean }) {
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
        ) : onReport ? (
          reported ? (
            <span className="shrink-0 rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold text-ink-700">Reported</span>
          ) : (
            <button type="button" onClick={() => onReport(review)} className="shrink-0 rounded-full px-3 py-1.5 text-xs font-semibold text-ink-500 hover:bg-red-50 hover:text-red-700" aria-label={`Report the review by ${review.userId.firstname} ${review.userId.lastname}`.trim()}>
              Report
            </button>
          )
        ) : null}
      </div>
    </li>
  );
}

/**
 * The product's vendor reports a review to the admins with a reason (ADR 025). Here rather than in the console: the
 * vendor reads reviews where shoppers do, and the report is made next to the words it is about.
 */
function ReportDialog({ review, onClose, onDone }: { review: Review | null; onClose: () => void; onDone: (id: string) => void }) {
  const report = useReportReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!review) return;
    if (!reason.trim()) {
      setError(MSG.reportReasonRequired);
      return;
    }
    try {
      const res = await report.mutateAsync({ id: review._id, reason: reason.trim() });
      toast.success(res.message ?? MSG.reviewReported);
      onDone(review._id);
      setReason('');
      setError(null);
    } catch (err) {
      // reported already: say so, and the button becomes Reported all the same
      if (errorMessage(err) === MSG.reviewAlreadyReported) {
        toast(MSG.reviewAlreadyReported);
        onDone(review._id);
      } else setError(errorMessage(err));
    }
  };
  return (
    <Dialog open={review !== null} onClose={onClose} title="Report this review" size="sm:max-w-md">
      <p className="text-sm text-ink-700">An admin reads your reason and decides whether the review stays. It stays on the page until then.</p>
      {review ? <blockquote className="mt-3 rounded-lg bg-sand-100/60 px-3 py-2 text-sm text-ink-700 italic">“{review.review}”</blockquote> : null}
      <label htmlFor="report-reason" className="mt-4 block text-sm font-semibold text-ink-900">
        Why should it be hidden?
      </label>
      <textarea
        id="report-reason"
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'report-error' : undefined}
        className="mt-1 block w-full rounded-lg border border-ink-500/40 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
      />
      {error ? (
        <p id="report-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={buttonClass('primary', 'md')} onClick={() => void submit()} disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
      </div>
    </Dialog>
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
  const [reporting, setReporting] = useState<Review | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(() => new Set());

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
              <ReviewItem
                key={r._id}
                review={r}
                mine={Boolean(userId) && r.userId._id === userId}
                onDelete={setConfirming}
                {...(isSeller ? { onReport: setReporting, reported: reported.has(r._id) } : {})}
              />
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

      {isSeller ? (
        <ReportDialog
          review={reporting}
          onClose={() => setReporting(null)}
          onDone={(id) => {
            setReported((prev) => new Set(prev).add(id));
            setReporting(null);
          }}
        />
      ) : null}
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
