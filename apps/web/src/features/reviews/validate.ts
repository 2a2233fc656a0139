import { REVIEW } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';

/** Characters as a person counts them (an emoji is one): the server's count. */
export const reviewLength = (text: string): number => [...text.trim()].length;

/** The form's checks, in the server's words (shopping §5: rating on a 5-star scale, comment required). */
export function validateReview(rating: number, review: string): { rating?: string; review?: string } {
  const errors: { rating?: string; review?: string } = {};
  if (!Number.isInteger(rating) || rating < REVIEW.minRating || rating > REVIEW.maxRating) errors.rating = MSG.reviewRatingRequired;
  if (!review.trim()) errors.review = MSG.reviewRequired;
  else if (reviewLength(review) > REVIEW.maxLength) errors.review = MSG.reviewTooLong;
  return errors;
}
