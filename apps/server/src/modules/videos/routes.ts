import { z } from 'zod';
import {
  adminVideo,
  adminVideoEditBody,
  adminVideoOrderBody,
  adminVideoProductsBody,
  envelope,
  objectId,
  SHOP_VIDEO_MAX_BYTES,
  SHOP_VIDEO_MSG,
  SHOP_VIDEO_TITLE_MAX,
  shopVideo,
  videoList,
  videoListBody,
} from '@statewise/contract';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { ok } from '../../lib/http.ts';
import { readUpload, VIDEO_KINDS } from '../media/uploads.ts';
import {
  countVideo,
  createVideo,
  editVideo,
  listAdminVideos,
  listVideos,
  removeVideo,
  reorderVideos,
  setVideoProducts,
  trendingVideos,
} from './service.ts';

const tags = ['videos'];
const adminTags = ['admin: videos'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: objectId });
const counted = envelope(z.object({ _id: z.string() }));

/**
 * The watch-and-shop feed (shopping §2, §3 Video, §7; issue 14, ADR 030): the public lists, the web's two counters,
 * and the admin console's calls (admin only: guest 401, user and vendor 403; every change audited). Videos come
 * from the one video pipeline (modules/media/videos.ts); the MP4s and posters are served from /uploads with range
 * requests.
 */
export const shopVideosModule: Module = (app, ctx) => {
  const admin = requireAuth(ctx, ['admin']);
  const noStore = { 'cache-control': 'private, no-store' };

  app.post(
    '/video/list',
    {
      schema: {
        tags,
        summary: 'Feed videos (ready and shown), the selected one first, then the admin’s order, newest first; 10 a page (1 on home)',
        description: 'Body: page (from 1), pageSize (default 10, at most 100), optional categoryId, optional videoId (the selected video, moved to the front).',
        body: videoListBody.optional(),
        response: { 200: envelope(videoList) },
      },
    },
    async (request) => {
      const body = videoListBody.parse(request.body ?? {});
      return ok(await listVideos(ctx.db, { page: body.page, pageSize: body.pageSize, categoryId: body.categoryId || null, videoId: body.videoId || null }));
    },
  );

  app.get(
    '/video/trendingVideos',
    {
      schema: { tags, summary: 'The most watched feed videos with their products (data[].productId[])', response: { 200: envelope(z.array(shopVideo)) } },
    },
    async () => ok(await trendingVideos(ctx.db)),
  );

  /**
   * Counts a view or an add-to-cart once per address and video in half an hour, so reloading or a script cannot
   * inflate the rates the admin reads; a repeat is answered as counted (the web has nothing to do about it).
   */
  const countOnce = async (ip: string, id: string, what: 'view' | 'cartAdd') => {
    try {
      await ctx.rateLimiter.hit(`video:${what}:${id}:${ip}`, RATE_LIMITS.videoCountPerIp);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) return;
      throw err;
    }
    await countVideo(ctx.db, id, what);
  };

  app.post(
    '/video/:id/view',
    { schema: { tags, summary: 'Counts a view of a feed video (the web sends one per visit); 404 for an unknown or hidden video', params: idParams, response: { 200: counted } } },
    async (request) => {
      await countOnce(request.ip, request.params.id, 'view');
      return ok({ _id: request.params.id });
    },
  );

  app.post(
    '/video/:id/cart-add',
    { schema: { tags, summary: 'Counts an add-to-cart made from a feed video', params: idParams, response: { 200: counted } } },
    async (request) => {
      await countOnce(request.ip, request.params.id, 'cartAdd');
      return ok({ _id: request.params.id });
    },
  );

  // ---------- admin ----------

  app.get(
    '/admin/videos',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Every feed video, hidden and unfinished ones too, with its processing state, products, views and add-to-cart rate',
        response: { 200: envelope(z.array(adminVideo)) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await listAdminVideos(ctx.db));
    },
  );

  app.post(
    '/admin/videos',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Uploads a feed video (multipart: video, title, categoryId); 201 at once, the transcode follows',
        description: `File field "video": MP4 or MOV told by content (415 otherwise), at most ${SHOP_VIDEO_MAX_BYTES / 1024 / 1024} MB (413). The answer's state follows queued → processing → ready | failed.`,
        response: { 201: envelope(adminVideo) },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readUpload(request, {
        fields: ['title', 'categoryId'],
        files: { video: { maxBytes: SHOP_VIDEO_MAX_BYTES, kinds: VIDEO_KINDS, tooLarge: SHOP_VIDEO_MSG.tooLarge, wrongType: SHOP_VIDEO_MSG.wrongType } },
      });
      const file = files.video?.[0];
      if (!file) throw badRequest(SHOP_VIDEO_MSG.required, { video: SHOP_VIDEO_MSG.required });
      const title = (fields.title ?? '').trim();
      if (title.length > SHOP_VIDEO_TITLE_MAX) throw badRequest(`Title can be at most ${SHOP_VIDEO_TITLE_MAX} characters`, { title: `Title can be at most ${SHOP_VIDEO_TITLE_MAX} characters` });
      const categoryId = fields.categoryId?.trim() || null;
      if (categoryId && !objectId.safeParse(categoryId).success) throw badRequest('Please select a category from the list', { categoryId: 'Please select a category from the list' });
      const video = await createVideo(ctx, currentUser(request).id, { file, kind: file.kind as 'mp4' | 'mov' }, { title, categoryId });
      return reply.status(201).send(ok(video, 'Uploaded; the video is being processed'));
    },
  );

  app.patch(
    '/admin/videos/:id',
    {
      preHandler: admin,
      schema: { tags: adminTags, security, summary: 'Edits a video’s title and category, or hides or shows it', params: idParams, body: adminVideoEditBody, response: { 200: envelope(adminVideo) } },
    },
    async (request) => {
      const b = request.body;
      const video = await editVideo(ctx.db, currentUser(request).id, request.params.id, {
        title: b.title,
        categoryId: b.categoryId === undefined ? undefined : b.categoryId || null,
        hidden: b.hidden,
      });
      return ok(video, b.hidden === true ? 'Hidden' : b.hidden === false ? 'Shown' : 'Saved');
    },
  );

  app.put(
    '/admin/videos/:id/products',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Sets the products of a video in carousel order, each with an optional highlight time (seconds into the video)',
        params: idParams,
        body: adminVideoProductsBody,
        response: { 200: envelope(adminVideo) },
      },
    },
    async (request) => ok(await setVideoProducts(ctx.db, currentUser(request).id, request.params.id, request.body), 'Products saved'),
  );

  app.post(
    '/admin/videos/order',
    {
      preHandler: admin,
      schema: { tags: adminTags, security, summary: 'Sets the feed order: the ids given take places 1, 2, 3…', body: adminVideoOrderBody, response: { 200: envelope(z.array(adminVideo)) } },
    },
    async (request) => ok(await reorderVideos(ctx.db, currentUser(request).id, request.body.ids), 'Order saved'),
  );

  app.delete(
    '/admin/videos/:id',
    {
      preHandler: admin,
      schema: { tags: adminTags, security, summary: 'Deletes a video from the feed and its files', params: idParams, response: { 200: envelope(z.object({ _id: z.string() })) } },
    },
    async (request) => {
      await removeVideo(ctx, currentUser(request).id, request.params.id);
      return ok({ _id: request.params.id }, 'Deleted');
    },
  );
};
