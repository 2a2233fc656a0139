import { z } from 'zod';
import { envelope, moderationDecisionBody, moderationInbox as inboxSchema, moderationQuery, MSG, objectId, reportReviewBody, reviewReport } from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { ok } from '../../lib/http.ts';
import { reportReview } from './kinds/review-reports.ts';
import { decide, moderationInbox } from './registry.ts';

const security = [{ bearer: [] }];

/**
 * The admin's one moderation inbox (issue 11, ADR 025) and the vendor's report of a review, which feeds it. Admin
 * calls: 401 for a guest, 403 for a user or vendor; every decision writes an audit entry with its note.
 */
export const moderationModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);
  const vendor = requireAuth(ctx, ['vendor']);
  const tags = ['admin: moderation'];

  app.get(
    '/admin/moderation',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Items waiting for a decision, oldest first, 20 a page: seller applications, reported reviews, unanswered questions',
        description: 'kind narrows it to one kind (seller_application, review_report, chatbot_question); every kind comes back with its count.',
        querystring: moderationQuery,
        response: { 200: envelope(inboxSchema) },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'private, no-store' });
      return ok(await moderationInbox(ctx.db, request.query));
    },
  );

  app.post(
    '/admin/moderation/:kind/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Decides one item with an optional note (required for a rejection); recorded in the audit log',
        description: '400 for a decision the kind does not offer, a missing required note or field; 404 unknown kind or item; 409 decided already.',
        params: z.object({ kind: z.string().trim().min(1).max(40), id: objectId }),
        body: moderationDecisionBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await decide(ctx, request.log, currentUser(request).id, request.params.kind, request.params.id, request.body);
      return ok(null, MSG.moderationDecided);
    },
  );

  app.post(
    '/reviews/:id/report',
    {
      preHandler: vendor,
      schema: {
        tags: ['reviews'],
        security,
        summary: 'The vendor of the reviewed product reports a review to the admins, with a reason',
        description: '403 for a review of another vendor’s product; 404 unknown review; 409 when it was reported already.',
        params: z.object({ id: objectId }),
        body: reportReviewBody,
        response: { 201: envelope(reviewReport) },
      },
    },
    async (request, reply) => {
      const report = await reportReview(ctx.db, currentUser(request).id, request.params.id, request.body.reason);
      return reply.code(201).send(ok(report, MSG.reviewReported));
    },
  );
};
