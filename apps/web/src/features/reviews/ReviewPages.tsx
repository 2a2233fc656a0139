import { MSG } from '@statewise/contract/messages';
import { Link, Navigate, useParams } from 'react-router';
import { CardPage } from '../../components/Page.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-head.tsx';
import { errorMessage } from '../auth/api.ts';
import { useMyReview, useOwnReview } from './api.ts';
import { ReviewForm } from './ReviewForm.tsx';

function Loading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <div className="h-20 animate-pulse rounded-xl bg-sand-100" />
      <div className="h-10 w-2/3 animate-pulse rounded-lg bg-sand-100" />
      <div className="h-36 animate-pulse rounded-lg bg-sand-100" />
    </div>
  );
}

function Problem({ error, retry }: { error: unknown; retry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const gone = status === 404 || status === 403;
  return (
    <div role="alert" className="py-6 text-center">
      <p className="text-ink-700">{errorMessage(error)}</p>
      {gone ? (
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Continue shopping
        </Link>
      ) : (
        <button type="button" onClick={retry} className={buttonClass('primary', 'md', 'mt-6')}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * /write-review/{productId}/{userId} (shopping §2 Reviews; token only). The reviewer is the signed-in person
 * whatever the userId in the address says (the server goes by the token). Someone who already reviewed the
 * product is taken to their review's update page instead of a second, refused review.
 */
export function WriteReviewPage() {
  usePageTitle('Write a review');
  const { productId = '' } = useParams();
  const target = useMyReview(productId);
  if (target.data?.review) return <Navigate to={`/update-review/${target.data.review._id}`} replace />;
  return (
    <CardPage title="Write a review">
      {target.data ? <ReviewForm product={target.data.product} existing={null} /> : target.isError ? <Problem error={target.error} retry={() => void target.refetch()} /> : <Loading />}
    </CardPage>
  );
}

/** /update-review/{id} (shopping §2 Reviews; token only): the signed-in person's own review, to change. */
export function UpdateReviewPage() {
  usePageTitle('Update your review');
  const { id = '' } = useParams();
  const target = useOwnReview(id);
  return (
    <CardPage title="Update your review">
      {target.data?.review ? (
        <ReviewForm product={target.data.product} existing={target.data.review} />
      ) : target.isError ? (
        <Problem error={target.error} retry={() => void target.refetch()} />
      ) : target.data ? (
        <p className="text-ink-700">{MSG.reviewNotFound}</p>
      ) : (
        <Loading />
      )}
    </CardPage>
  );
}
