import { envelope } from '@statewise/contract';
import { z } from 'zod';
import type { Module } from '../../context.ts';
import { currentUser, requireAuth } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { getVideoJob, videoWorker } from './videos.ts';

const videoState = z.object({
  _id: z.string(),
  state: z.enum(['queued', 'processing', 'ready', 'failed']),
  url: z.string(),
  posterUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** Why it failed, in ffmpeg's words (failed only). */
  error: z.string().nullable(),
});

/**
 * The video pipeline's worker and its one call (videos.ts): the uploader (or an admin) follows an upload's state.
 * Anyone else gets 404, as for an unknown id, so ids cannot be probed.
 */
export const videosModule: Module = (app, ctx) => {
  const signedIn = requireAuth(ctx, ['user', 'vendor', 'admin']);
  const stop = videoWorker(ctx, app.log);
  app.addHook('onClose', stop);

  app.get(
    '/media/videos/:id',
    {
      preHandler: signedIn,
      schema: {
        tags: ['media'],
        security: [{ bearer: [] }],
        summary: "An uploaded video's way to playable: queued, processing, ready (with its MP4 and poster) or failed",
        params: z.object({ id: z.string() }),
        response: { 200: envelope(videoState) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const job = z.string().uuid().safeParse(request.params.id).success ? await getVideoJob(ctx.db, request.params.id) : null;
      if (!job || (job.ownerId !== me.id && me.role !== 'admin')) throw notFound('Video not found');
      reply.header('cache-control', 'private, no-store');
      return ok({
        _id: job.id,
        state: job.state,
        url: job.url,
        posterUrl: job.posterUrl,
        width: job.width,
        height: job.height,
        durationMs: job.durationMs,
        error: job.state === 'failed' ? job.lastError : null,
      });
    },
  );
};
