import { z } from 'zod';
import {
  envelope,
  MSG,
  objectId,
  review,
  reviewBody,
  reviewCounts,
  reviewIdParams,
  reviewList,
  reviewListQuery,
  reviewProductParams,
  reviewTarget,
  ROLES,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { createReview, deleteReview, listReviews, myReview, ownReview, reviewCounts as countReviews, updateReview } from './service.ts';

const tags = ['reviews'];
const security = [{ bearer: [] }];

/** Shopping §7 Reviews, plus the two reads the write and update pages need (paths next to their siblings). */
export const reviewsModule: Module = (app, ctx) => {
  const auth = requireAuth(ctx, ROLES.signedIn);
  // Product detail shows the average rating from the catalogue cache: a review write must be seen at once
  // in this process (the database trigger bumps the version for every other process).
  const changed = () => ctx.catalogueCache.invalidate();

  app.get(
    '/reviews/reviewsCount/:productId',
    {
      schema: {
        tags,
        summary: 'How many reviews gave 1 to 5 stars, their total and average (one decimal)',
        description: '404 "Product not found" for an unknown or inactive product.',
        params: reviewProductParams,
        response: { 200: envelope(reviewCounts) },
      },
    },
    async (request) => ok(await countReviews(ctx.db, request.params.productId)),
  );

  app.get(
    '/reviews/mine/:productId',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'The product and the caller’s review of it (null when not reviewed yet), for the write-review page',
        params: reviewProductParams,
        response: { 200: envelope(reviewTarget) },
      },
    },
    async (request) => ok(await myReview(ctx.db, currentUser(request), request.params.productId)),
  );

  app.get(
    '/reviews/review/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s reviews with its product, for the update-review page',
        description: '403 for another person’s review, 404 for an unknown one.',
        params: reviewIdParams,
        response: { 200: envelope(reviewTarget) },
      },
    },
    async (request) => ok(await ownReview(ctx.db, currentUser(request), request.params.id)),
  );

  app.get(
    '/reviews/:productId',
    {
      schema: {
        tags,
        summary: 'A product’s reviews, newest first, with their authors; paged (page, pageSize 10)',
        params: reviewProductParams,
        querystring: reviewListQuery,
        response: { 200: envelope(reviewList) },
      },
    },
    async (request) => ok(await listReviews(ctx.db, request.params.productId, request.query.page, request.query.pageSize)),
  );

  app.post(
    '/reviews',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Reviews a product: rating 1–5 and a comment (required, at most 2000 characters)',
        description: 'One review per person and product: a second is 409 "You have already reviewed this product" (change it with PATCH).',
        body: reviewBody,
        response: { 201: envelope(review) },
      },
    },
    async (request, reply) => {
      const created = await createReview(ctx.db, currentUser(request), request.body);
      changed();
      return reply.status(201).send(ok(created, MSG.reviewThanks));
    },
  );

  app.patch(
    '/reviews',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Changes the caller’s review of productId',
        description: 'The review may also be named by `_id` (it must be the caller’s: 403 otherwise). 404 when the caller has not reviewed the product.',
        body: reviewBody.extend({ _id: objectId.optional() }),
        response: { 200: envelope(review) },
      },
    },
    async (request) => {
      const updated = await updateReview(ctx.db, currentUser(request), request.body);
      changed();
      return ok(updated, MSG.reviewThanks); // the spec has one sentence for both write and update (shopping §8)
    },
  );

  app.delete(
    '/reviews/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Removes the caller’s review (author only: 403 for anyone else; 404 unknown)',
        params: reviewIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteReview(ctx.db, currentUser(request), request.params.id);
      changed();
      return ok(null, MSG.reviewRemoved);
    },
  );
};
