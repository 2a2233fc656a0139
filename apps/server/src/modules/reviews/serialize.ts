import type { Review, ReviewedProduct } from '@statewise/contract';

/** A review row joined with its author (snake_case, as raw SQL gives it). */
export type ReviewRow = {
  id: string;
  product_id: string;
  rating: number;
  review: string;
  user_id: string;
  firstname: string;
  lastname: string;
  created_at: string;
  updated_at: string;
  verified_purchase: boolean;
};

/** What leaves the server about a review: the author's id and name only (never a contact). */
export function toReview(r: ReviewRow): Review {
  return {
    _id: r.id,
    productId: r.product_id,
    rating: Number(r.rating),
    review: r.review,
    userId: { _id: r.user_id, firstname: r.firstname, lastname: r.lastname },
    verifiedPurchase: Boolean(r.verified_purchase),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toReviewedProduct(r: { id: string; name: string; slug: string; images: string[] | null }): ReviewedProduct {
  return { _id: r.id, name: r.name, slug: r.slug, image: r.images?.[0] ?? '' };
}
