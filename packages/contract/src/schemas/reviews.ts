import { z } from 'zod';
import { PAGE_SIZE, REVIEW } from '../constants.ts';
import { MSG } from '../messages.ts';
import { objectId, page, pageSize } from './common.ts';

/**
 * Reviews (shopping §2 Reviews, §3 Review, §5 review, §7 Reviews): a 1–5 star rating and a comment, one per
 * person and product.
 */

/** A whole number of stars from 1 to 5; a numeric string ("4", as forms send it) counts. */
export const reviewRating = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: MSG.reviewRatingRequired })
  .pipe(
    z
      .number()
      .int({ error: MSG.reviewRatingRange })
      .min(REVIEW.minRating, { error: MSG.reviewRatingRange })
      .max(REVIEW.maxRating, { error: MSG.reviewRatingRange }),
  );

/** Control characters other than line breaks and tabs are dropped (a NUL cannot even be stored). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Characters as a person counts them (an emoji is one), the same count the database's check uses. */
export const reviewLength = (text: string): number => [...text].length;

/** The comment: required, trimmed, line endings normalised, at most 2000 characters. */
export const reviewText = z
  .string({ error: MSG.reviewRequired })
  .transform((v) => v.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
  .pipe(
    z
      .string()
      .min(1, { error: MSG.reviewRequired })
      .refine((v) => reviewLength(v) <= REVIEW.maxLength, { error: MSG.reviewTooLong }),
  );

/** POST reviews and PATCH reviews: {productId, rating, review}. */
export const reviewBody = z.object({
  productId: objectId,
  rating: reviewRating,
  review: reviewText,
});
export type ReviewBody = z.input<typeof reviewBody>;

export const reviewer = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

export const review = z.object({
  _id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  review: z.string(),
  userId: reviewer,
  /** The reviewer has an order of this product that was paid for (or placed cash on delivery) and not cancelled. */
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const reviewListQuery = z.object({ page: page.default(1), pageSize: pageSize(PAGE_SIZE.reviews) });

/** GET reviews/{productId}: newest first. */
export const reviewList = z.object({
  reviews: z.array(review),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewList>;

const count = z.number().int();
/** GET reviews/reviewsCount/{productId}: how many reviews gave each number of stars, their total and average. */
export const reviewCounts = z.object({
  counts: z.object({ '1': count, '2': count, '3': count, '4': count, '5': count }),
  total: count,
  /** The mean rating rounded to one decimal; 0 when there are no reviews. */
  average: z.number(),
});
export type ReviewCounts = z.infer<typeof reviewCounts>;

/** The product a review is about, as the write and update pages show it. */
export const reviewedProduct = z.object({ _id: z.string(), name: z.string(), slug: z.string(), image: z.string() });
export type ReviewedProduct = z.infer<typeof reviewedProduct>;

/** GET reviews/mine/{productId} and GET reviews/review/{id}: the product and the caller's review of it (if any). */
export const reviewTarget = z.object({ product: reviewedProduct, review: review.nullable() });
export type ReviewTarget = z.infer<typeof reviewTarget>;

export const reviewProductParams = z.object({ productId: objectId });
export const reviewIdParams = z.object({ id: objectId });
