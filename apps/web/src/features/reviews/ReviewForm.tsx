import { REVIEW } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import type { ReviewedProduct } from '@statewise/contract/schemas/reviews';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/Button.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../auth/api.ts';
import { openLogin } from '../auth/login-prompt.ts';
import { useSession } from '../auth/session.ts';
import { Button, FormError } from '../auth/ui.tsx';
import { useSaveReview, type Review } from './api.ts';
import { reviewDrafts } from './draft.ts';
import { StarInput } from './Stars.tsx';
import { reviewLength, validateReview } from './validate.ts';

/** The product the review is about, at the top of the form. */
function ProductHeader({ product }: { product: ReviewedProduct }) {
  return (
    <Link to={`/product/${product.slug}`} className="mb-6 flex items-center gap-3 rounded-xl bg-sand-50 p-3 hover:bg-sand-100">
      {product.image ? <img src={product.image} alt="" className="size-16 shrink-0 rounded-lg bg-white object-cover" width={64} height={64} /> : null}
      <span className="line-clamp-2 text-sm font-medium text-ink-900">{product.name}</span>
    </Link>
  );
}

/**
 * The 5-star rating and comment of /write-review and /update-review. Checks before sending (rating and comment
 * required, at most 2000 characters), 'Thanks for your review!' (or the update's message) and then back to the
 * previous page — the product page when the form was opened directly. Submitting without a session opens the
 * login prompt; what was typed is kept for the visit (draft.ts).
 */
export function ReviewForm({ product, existing }: { product: ReviewedProduct; existing: Review | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const save = useSaveReview();
  const draftKey = existing ? `edit:${existing._id}` : `new:${product._id}`;
  const draft = reviewDrafts.get(draftKey);
  const [rating, setRating] = useState(draft?.rating ?? existing?.rating ?? 0);
  const [text, setText] = useState(draft?.review ?? existing?.review ?? '');
  const [errors, setErrors] = useState<{ rating?: string; review?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const textId = useId();

  useEffect(() => reviewDrafts.set(draftKey, { rating, review: text }), [draftKey, rating, text]);

  // Back where the reviewer came from; the product page when there is no earlier page in this visit.
  const back = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(`/product/${product.slug}`, { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateReview(rating, text);
    setErrors(found);
    setFormError(null);
    if (found.rating || found.review) return;
    if (!isLoggedIn) {
      openLogin({ redirectTo: location.pathname });
      return;
    }
    try {
      const res = await save.mutateAsync({ id: existing?._id, productId: product._id, rating, review: text.trim() });
      reviewDrafts.clear(draftKey);
      toast.success(res.message ?? MSG.reviewThanks);
      back();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return; // the session ended: the login prompt is open
      if (err instanceof ApiError && (err.errors.rating || err.errors.review)) setErrors({ rating: err.errors.rating, review: err.errors.review });
      else setFormError(errorMessage(err));
    }
  };

  const length = reviewLength(text);
  return (
    <form onSubmit={submit} noValidate>
      <ProductHeader product={product} />
      <StarInput
        value={rating}
        onChange={(v) => {
          setRating(v);
          setErrors((e) => ({ ...e, rating: undefined }));
        }}
        error={errors.rating}
      />
      <div className="mt-5">
        <label htmlFor={textId} className="mb-1 block text-sm font-medium text-ink-900">
          Your review
        </label>
        <textarea
          id={textId}
          name="review"
          rows={6}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (errors.review) setErrors((prev) => ({ ...prev, review: undefined }));
          }}
          placeholder="What did you like or dislike? How was the fit, the fabric, the finish?"
          aria-invalid={errors.review ? true : undefined}
          aria-describedby={`${textId}-count${errors.review ? ` ${textId}-error` : ''}`}
          className={`block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-base text-ink-900 outline-none transition placeholder:text-ink-500 focus:ring-2 ${
            errors.review ? 'border-red-600 focus:ring-red-200' : 'border-ink-500/40 focus:border-brand-600 focus:ring-brand-100'
          }`}
        />
        <div className="mt-1 flex justify-between gap-3 text-sm">
          {errors.review ? (
            <p id={`${textId}-error`} role="alert" className="text-red-700">
              {errors.review}
            </p>
          ) : (
            <span />
          )}
          <span id={`${textId}-count`} className={`shrink-0 tabular-nums ${length > REVIEW.maxLength ? 'text-red-700' : 'text-ink-500'}`}>
            {length}/{REVIEW.maxLength}
          </span>
        </div>
      </div>
      <div className="mt-6">
        <FormError message={formError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={back} className={buttonClass('ghost', 'lg')}>
            Cancel
          </button>
          <Button pending={save.isPending} className="w-full sm:w-auto sm:min-w-48">
            {existing ? 'UPDATE REVIEW' : 'SUBMIT REVIEW'}
          </Button>
        </div>
      </div>
    </form>
  );
}
