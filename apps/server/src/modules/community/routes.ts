import { z } from 'zod';
import {
  COMMUNITY,
  COMMUNITY_MSG,
  communityComment,
  communityCommentBody,
  communityCommentDeleteBody,
  communityCommentEditBody,
  communityCommentListBody,
  communityCommentPage,
  communityDeleted,
  communityFeed,
  communityFeedBody,
  communityLikeResult,
  communityMembers,
  communityPinResult,
  communityPost,
  communityProductHit,
  communityProductSearchBody,
  communityReply,
  communityReplyBody,
  communityReplyDeleteBody,
  communityReplyEditBody,
  communityReplyListBody,
  communityReplyPage,
  communityReportBody,
  communityReportResult,
  communityTrendingBody,
  communityVendorHit,
  communityVendorSearchBody,
  envelope,
  objectId,
  ROLES,
} from '@statewise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Module } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, optionalAuth, requireAuth } from '../../lib/auth.ts';
import { ok, sendCachedJson } from '../../lib/http.ts';
import { forbidden } from '../../lib/errors.ts';
import { IMAGE_KINDS, readUpload, VIDEO_KINDS, type FileRule } from '../media/uploads.ts';
import { addComment, addReply, deleteComment, deleteReply, editComment, editReply, listComments, listReplies } from './comments.ts';
import { fileReport } from './moderation.ts';
import { networkHash } from './standing.ts';
import type { Viewer } from './serialize.ts';
import {
  createAdminPost,
  createImagePost,
  createQuery,
  createVideoPost,
  deletePost,
  editAsAdmin,
  editImagePost,
  editQuery,
  editVideoPost,
  feedPage,
  membersCount,
  postDetails,
  searchProducts,
  searchVendors,
  setLiked,
  setPinned,
  trending,
  type TextForm,
} from './service.ts';

const tags = ['community'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: objectId });
const postParams = z.object({ postId: objectId });
type CommunityFeedQuery = z.infer<typeof communityFeedBody>;

const image = (maxCount: number): FileRule => ({
  maxCount,
  maxBytes: COMMUNITY.imageMaxBytes,
  kinds: IMAGE_KINDS,
  tooLarge: COMMUNITY_MSG.imageTooLarge,
  wrongType: COMMUNITY_MSG.imageType,
  tooMany: COMMUNITY_MSG.tooManySections,
});
const video: FileRule = { maxCount: 1, maxBytes: COMMUNITY.videoMaxBytes, kinds: VIDEO_KINDS, tooLarge: COMMUNITY_MSG.videoTooLarge, wrongType: COMMUNITY_MSG.videoType };

const TEXT_FIELDS = ['description', 'postId', 'userId', 'productId', 'productId[]', 'images', 'images[]', 'sections', 'videoLink', 'removeImage'];

/** The forms of §7: text fields, and pictures (png/jpeg/webp ≤ 5 MB) or a video (mp4/mov ≤ 50 MB), told by content. */
const FORMS = {
  image: { fields: TEXT_FIELDS, files: { image: image(1) }, maxFieldBytes: 20_000 },
  images: { fields: TEXT_FIELDS, files: { images: image(COMMUNITY.maxSections), 'images[]': image(COMMUNITY.maxSections) }, maxFieldBytes: 20_000 },
  video: { fields: TEXT_FIELDS, files: { video }, maxFieldBytes: 20_000 },
};

const read = (request: FastifyRequest, form: keyof typeof FORMS): Promise<TextForm> => readUpload(request, { ...FORMS[form], json: true });
const viewerOf = (request: FastifyRequest): Viewer => (request.user ? { id: request.user.id, role: request.user.role } : null);
const me = (request: FastifyRequest) => {
  const u = currentUser(request);
  return { id: u.id, role: u.role };
};

const FEED_HELP =
  'Pinned posts first, then newest first; 10 a page. Keyset paging: page 1 without a cursor, every later page with the ' +
  "previous answer's data.nextCursor (a page above 1 without one is a 400). hasMore false on the last page.";

/**
 * The community feed (accounts §2.6, §7 Community; issue 12; ADR 026). Guests read the feed, post details, comments,
 * replies and the trending list; everything else needs an account, and the role rules of §6 apply in the services.
 */
export const communityModule: Module = (app, ctx) => {
  const signedIn = requireAuth(ctx, ROLES.signedIn);
  const admin = requireAuth(ctx, ['admin']);
  const vendor = requireAuth(ctx, ['vendor']);
  const anyone = optionalAuth(ctx);
  const db = ctx.db as Db;
  const noStore = { 'cache-control': 'private, no-store' };

  /**
   * Feed answers are sent as JSON text (the response schema documents their shape; tests check it), compressed off
   * the event loop once per cached page (a guest's or a member's, feed-cache.ts).
   */
  const answerFeed = async (reply: FastifyReply, viewer: Viewer, body: CommunityFeedQuery) => sendCachedJson(reply.headers(noStore), await feedPage(db, viewer, body));

  app.post(
    '/community/allFeeds',
    { preHandler: signedIn, schema: { tags, security, summary: 'The feed, signed in (isLiked set)', description: FEED_HELP, body: communityFeedBody, response: { 200: envelope(communityFeed) } } },
    async (request, reply) => answerFeed(reply as FastifyReply, me(request), request.body),
  );

  app.post(
    '/community/allFeedsWithoutLogin',
    { preHandler: anyone, schema: { tags, summary: 'The feed for a guest', description: FEED_HELP, body: communityFeedBody, response: { 200: envelope(communityFeed) } } },
    async (request, reply) => answerFeed(reply as FastifyReply, viewerOf(request), request.body),
  );

  app.get(
    '/community/members',
    { schema: { tags, summary: 'How many members the community has (the title’s count)', response: { 200: envelope(communityMembers) } } },
    async () => ok({ membersCount: await membersCount(db) }),
  );

  app.post(
    '/community/trending',
    { preHandler: anyone, schema: { tags, summary: 'Trending posts: most liked and discussed of the last 30 days', body: communityTrendingBody.optional(), response: { 200: envelope(z.array(communityPost)) } } },
    async (request) => ok(await trending(db, viewerOf(request), request.body?.limit ?? COMMUNITY.trendingDefault)),
  );

  const created = (id: Promise<string>, request: FastifyRequest) => id.then(async (postId) => ok(await postDetails(db, me(request), postId), COMMUNITY_MSG.postAdded));

  app.post(
    '/community/post/user',
    {
      preHandler: signedIn,
      schema: { tags, security, summary: 'A user’s buying query (multipart: description, image optional); other roles 403', response: { 201: envelope(communityPost) } },
    },
    async (request, reply) => {
      const viewer = me(request);
      if (viewer.role !== 'user') throw forbidden(COMMUNITY_MSG.onlyUserQuery);
      return reply.status(201).send(await created(createQuery(ctx, viewer, await read(request, 'image')), request));
    },
  );

  app.post(
    '/community/post/admin',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'An admin posts for a vendor (multipart: description, userId, image, productId[])', response: { 201: envelope(communityPost) } },
    },
    async (request, reply) => reply.status(201).send(await created(createAdminPost(ctx, me(request).id, await read(request, 'image')), request)),
  );

  app.post(
    '/community/imagePost/vendor',
    {
      preHandler: vendor,
      schema: {
        tags,
        security,
        summary: 'A vendor’s image post: 1–5 sections, each a picture tagging its products',
        description: 'multipart: description; sections (JSON [{productIds, imageUrl?}]) with files `images` for the sections without imageUrl; or productId[] with images[] paired by index.',
        response: { 201: envelope(communityPost) },
      },
    },
    async (request, reply) => reply.status(201).send(await created(createImagePost(ctx, me(request), await read(request, 'images')), request)),
  );

  app.post(
    '/community/videoPost/vendor',
    {
      preHandler: vendor,
      schema: { tags, security, summary: 'A vendor’s video post (multipart: description, productId[] 1–5, video mp4/mov ≤ 50 MB)', response: { 201: envelope(communityPost) } },
    },
    async (request, reply) => reply.status(201).send(await created(createVideoPost(ctx, me(request), await read(request, 'video')), request)),
  );

  const edited = async (request: FastifyRequest, id: string) => ok(await postDetails(db, me(request), id), COMMUNITY_MSG.postEdited);

  app.patch(
    '/community/editPost/user/:id',
    { preHandler: signedIn, schema: { tags, security, summary: 'The author edits a query (description, image or removeImage)', params: idParams, response: { 200: envelope(communityPost) } } },
    async (request) => {
      await editQuery(ctx, me(request), request.params.id, await read(request, 'image'));
      return edited(request, request.params.id);
    },
  );

  app.patch(
    '/community/editPost/admin/:id',
    { preHandler: admin, schema: { tags, security, summary: 'An admin edits any post: description and one picture', params: idParams, response: { 200: envelope(communityPost) } } },
    async (request) => {
      await editAsAdmin(ctx, me(request).id, request.params.id, await read(request, 'image'));
      return edited(request, request.params.id);
    },
  );

  app.patch(
    '/community/editPost/vendor/image/:id',
    {
      preHandler: vendor,
      schema: { tags, security, summary: 'The vendor edits its image post’s sections (pictures and product links)', params: idParams, response: { 200: envelope(communityPost) } },
    },
    async (request) => {
      await editImagePost(ctx, me(request), request.params.id, await read(request, 'images'));
      return edited(request, request.params.id);
    },
  );

  app.patch(
    '/community/editPost/vendor/video/:id',
    {
      preHandler: vendor,
      schema: { tags, security, summary: 'The vendor edits its video post (a new video, or videoLink to keep it; productId[])', params: idParams, response: { 200: envelope(communityPost) } },
    },
    async (request) => {
      await editVideoPost(ctx, me(request), request.params.id, await read(request, 'video'));
      return edited(request, request.params.id);
    },
  );

  app.get(
    '/community/postDetails/:id',
    { preHandler: anyone, schema: { tags, summary: 'One post (data is a list of one, as the spec reads data.data[0])', params: idParams, response: { 200: envelope(z.array(communityPost)) } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok([await postDetails(db, viewerOf(request), request.params.id)]);
    },
  );

  app.post(
    '/community/pinPost/:id',
    { preHandler: admin, schema: { tags, security, summary: 'Pins a post (admin)', params: idParams, response: { 200: envelope(communityPinResult) } } },
    async (request) => ok(await setPinned(ctx, me(request).id, request.params.id, true), COMMUNITY_MSG.pinned),
  );

  app.post(
    '/community/unpinPost/:id',
    { preHandler: admin, schema: { tags, security, summary: 'Unpins a post (admin)', params: idParams, response: { 200: envelope(communityPinResult) } } },
    async (request) => ok(await setPinned(ctx, me(request).id, request.params.id, false), COMMUNITY_MSG.unpinned),
  );

  app.post(
    '/community/:postId/reports',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Reports a post, or one of its comments or replies (reason required); 201',
        description:
          'Reports weigh by the reporter’s standing (account age, verified contact, orders, upheld reports); reports from one network count once. ' +
          'Enough weight (never one report alone) hides it until an admin decides, unless its author is an established member: then it waits for the admin, shown. ' +
          '409 for a second open report by the same person.',
        params: postParams,
        body: communityReportBody,
        response: { 201: envelope(communityReportResult) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await fileReport(db, me(request), request.params.postId, request.body, { networkHash: networkHash(ctx.config.jwtSecret, request.ip) }), COMMUNITY_MSG.reported)),
  );

  app.post(
    '/community/post/like/:id',
    { preHandler: signedIn, schema: { tags, security, summary: 'Likes a post (admin 403: Admin cannot like post)', params: idParams, response: { 200: envelope(communityLikeResult) } } },
    async (request) => ok(await setLiked(ctx, me(request), request.params.id, true)),
  );

  app.post(
    '/community/post/dislike/:id',
    { preHandler: signedIn, schema: { tags, security, summary: 'Takes a like back (admin 403)', params: idParams, response: { 200: envelope(communityLikeResult) } } },
    async (request) => ok(await setLiked(ctx, me(request), request.params.id, false)),
  );

  app.patch(
    '/community/post/delete/:id',
    { preHandler: signedIn, schema: { tags, security, summary: 'Deletes a post (its author or an admin)', params: idParams, response: { 200: envelope(communityDeleted) } } },
    async (request) => ok(await deletePost(ctx, me(request), request.params.id), COMMUNITY_MSG.postDeleted),
  );

  // Comments and replies. Registered with the fixed segments (all, deleteComment, …) before nothing ambiguous:
  // every path below has its own shape.
  app.post(
    '/community/post/comments/all/:postId',
    { preHandler: anyone, schema: { tags, summary: 'A post’s comments, oldest first, 20 a page', params: postParams, body: communityCommentListBody, response: { 200: envelope(communityCommentPage) } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listComments(ctx, viewerOf(request), request.params.postId, request.body));
    },
  );

  app.post(
    '/community/post/comments/:postId',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Comments on a post (vendors: text only; may tag own products and, on a buying query, answer with an offer); 201',
        params: postParams,
        body: communityCommentBody,
        response: { 201: envelope(communityComment) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await addComment(ctx, me(request), request.params.postId, request.body), COMMUNITY_MSG.commentAdded)),
  );

  app.patch(
    '/community/post/comments/:postId',
    { preHandler: signedIn, schema: { tags, security, summary: 'The author edits a comment', params: postParams, body: communityCommentEditBody, response: { 200: envelope(communityComment) } } },
    async (request) => ok(await editComment(ctx, me(request), request.params.postId, request.body), COMMUNITY_MSG.commentEdited),
  );

  app.patch(
    '/community/post/deleteComment/:postId',
    { preHandler: signedIn, schema: { tags, security, summary: 'Deletes a comment and its replies (author or admin)', params: postParams, body: communityCommentDeleteBody, response: { 200: envelope(communityDeleted) } } },
    async (request) => ok(await deleteComment(ctx, me(request), request.params.postId, request.body.commentId), COMMUNITY_MSG.commentDeleted),
  );

  app.post(
    '/community/post/nestedComment/all/:postId',
    { preHandler: anyone, schema: { tags, summary: 'A comment’s replies (or, with parentId, a reply’s), oldest first', params: postParams, body: communityReplyListBody, response: { 200: envelope(communityReplyPage) } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await listReplies(ctx, viewerOf(request), request.params.postId, request.body));
    },
  );

  app.post(
    '/community/post/nestedComment/:postId',
    { preHandler: signedIn, schema: { tags, security, summary: 'Replies to a comment, or (parentId) to a reply; 201', params: postParams, body: communityReplyBody, response: { 201: envelope(communityReply) } } },
    async (request, reply) => reply.status(201).send(ok(await addReply(ctx, me(request), request.params.postId, request.body), COMMUNITY_MSG.replyAdded)),
  );

  app.patch(
    '/community/post/editNestedComment/:postId',
    { preHandler: signedIn, schema: { tags, security, summary: 'The author edits a reply', params: postParams, body: communityReplyEditBody, response: { 200: envelope(communityReply) } } },
    async (request) => ok(await editReply(ctx, me(request), request.params.postId, request.body), COMMUNITY_MSG.commentEdited),
  );

  app.patch(
    '/community/post/deleteNestedComment/:postId',
    { preHandler: signedIn, schema: { tags, security, summary: 'Deletes a reply (author or admin)', params: postParams, body: communityReplyDeleteBody, response: { 200: envelope(communityDeleted) } } },
    async (request) => ok(await deleteReply(ctx, me(request), request.params.postId, request.body), COMMUNITY_MSG.commentDeleted),
  );

  app.post(
    '/community/vendors/search',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Vendors to post for (admin); data[0].data as the spec reads it', body: communityVendorSearchBody, response: { 200: envelope(z.array(z.object({ data: z.array(communityVendorHit) }))) } },
    },
    async (request) => ok([{ data: await searchVendors(db, request.body.search) }]),
  );

  app.post(
    '/community/products/search',
    {
      preHandler: signedIn,
      schema: { tags, security, summary: 'Products to tag: a vendor’s own, or (admin) userId’s', body: communityProductSearchBody, response: { 200: envelope(z.object({ products: z.array(communityProductHit) })) } },
    },
    async (request) => ok(await searchProducts(db, me(request), request.body)),
  );
};
