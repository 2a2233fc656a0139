import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { uploadedImageWidths } from '@statewise/contract';
import type { App, AppContext } from '../../context.ts';
import { artRenderer, RendererBusy } from '../../lib/art/render.ts';
import { artUrl, parseArtPath } from '../../lib/art/url.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { LocalStorage } from '../../lib/storage.ts';
import { ArtCaptions } from './captions.ts';
import { VIDEO_SOURCES } from './videos.ts';

/** A generated picture never changes at its address (the address is the recipe). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other uploads are revalidated after a day (ETag, Last-Modified). */
const UPLOADS_CACHE = 'public, max-age=86400';

/** Where generated pictures are kept: DATA_DIR/media-cache. */
export const artCacheDir = (dataDir: string) => path.join(dataDir, 'media-cache');

/**
 * Pictures outside /api: the demo's generated art at /media/art/{kind}/{file}?label=… (drawn on first request,
 * cached under DATA_DIR/media-cache) and user uploads from DATA_DIR/uploads at /uploads/….
 * Registered on the root app by app.ts.
 */
export async function registerMedia(app: App, ctx: AppContext): Promise<void> {
  const renderer = artRenderer(artCacheDir(ctx.config.dataDir), ctx.config.mediaCacheMaxBytes);
  const captions = new ArtCaptions(ctx.db);

  app.get(
    '/media/art/:kind/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A generated demo picture (WebP)',
        description:
          'The address is the recipe (lib/art/url.ts artUrl): kind, motif, palette and seed, and an optional caption ' +
          '`label`. Drawn on first request, then served from the cache; cached by browsers for a year. 404 for any ' +
          'address artUrl would not produce, and for a captioned address the catalogue does not use.',
        params: z.object({ kind: z.string(), file: z.string() }),
        querystring: z.object({ label: z.unknown().optional() }),
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const label = request.query.label;
      const spec = typeof label === 'string' || label === undefined ? parseArtPath(kind, file, label) : undefined;
      // Only the canonical address of a picture is served, so one picture has one cache entry.
      if (!spec || artUrl(spec).split('?')[0] !== `/media/art/${kind}/${file}`) throw notFound();
      if (spec.label && !(await captions.has(artUrl(spec)))) throw notFound();
      const art = await renderer.get(spec).catch((err: unknown) => {
        if (err instanceof RendererBusy) throw new AppError(503, err.message, undefined, 2);
        throw err;
      });
      reply.header('cache-control', IMMUTABLE).header('etag', art.etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(art.etag)) return reply.status(304).send();
      return reply.type('image/webp').send(art.bytes);
    },
  );

  // The local storage's files (lib/storage.ts); a bucket storage would serve its own URLs instead.
  if (!(ctx.storage instanceof LocalStorage)) return;
  const uploads = ctx.storage.root;
  mkdirSync(uploads, { recursive: true });
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: uploads,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        redirect: false,
        dotfiles: 'ignore',
        cacheControl: false,
        // Folders are never listed: a path ending in / is simply not found. Videos waiting for their transcode are
        // private (videos.ts): only their MP4 is ever served.
        allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.startsWith(`/${VIDEO_SOURCES}/`),
        setHeaders(reply, file: string) {
          // The pipeline names every picture afresh ({id}-{width}w.webp; a new upload is a new name), so its files
          // never change at their address.
          reply.header('cache-control', uploadedImageWidths(path.basename(file)) ? IMMUTABLE : UPLOADS_CACHE);
          reply.header('x-content-type-options', 'nosniff');
          // Uploaded files are data, never pages: no scripts, even if a file slipped past the type checks.
          reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
        },
      });
      // A missing upload is a plain 404, never the web app's page.
      scope.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, message: 'Not found' }));
    },
    { prefix: ctx.storage.baseUrl },
  );
}
