import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { PAINT_VERSION } from '../../lib/art/paint.ts';
import { artRenderer, specFromUrl } from '../../lib/art/render.ts';
import { runFfmpeg } from '../../modules/media/transcode.ts';
import { storeVideo } from '../../modules/media/videos.ts';
import { artCacheDir } from '../../modules/media/routes.ts';
import { VIDEO_FOLDER } from '../../modules/videos/service.ts';
import { shopVideoProducts, shopVideos } from '../schema/index.ts';

/**
 * The demo's watch-and-shop clips (issue 14, ADR 030): a few short vertical videos made at seed time from the seeded
 * products' pictures — three pictures of one category, each panning slowly for 2 s with a fade, 720×1280, silent
 * stereo track — and handed to the one video pipeline (storeVideo), whose worker transcodes them and makes their
 * posters in the background like any upload. Each clip is mapped to its three products, each highlighted when its
 * picture is on screen. Nothing is committed to git: the clips are made from the seed's own art.
 *
 * A clip's source depends only on its pictures, so sources are cached by content (DEMO_CLIP_CACHE, default
 * `$TMPDIR/statewise-demo-clips`) across seeds and data folders: a re-seed or a browser test's fresh database only
 * pays for the pipeline's transcode.
 */

/** How many clips, and the pictures per clip. */
export const DEMO_CLIPS = 5;
const PICTURES_PER_CLIP = 3;
const SECONDS_PER_PICTURE = 2;
const FPS = 20;
const WIDTH = 720;
const HEIGHT = 1280;
/** Frames are drawn 10 % larger than the video so each picture can pan across it. */
const OVER = 1.1;
/** Bump when the recipe below changes, so cached sources are made again. */
const RECIPE = 2;

type Ctx = Pick<AppContext, 'db' | 'storage'>;

interface Pick3 {
  categoryId: string;
  categoryName: string;
  products: { id: string; image: string }[];
}

export const clipCacheDir = () => process.env.DEMO_CLIP_CACHE || path.join(os.tmpdir(), 'statewise-demo-clips');

/** Three in-stock products with pictures from each of the first categories (sized ones first: the feed's Shop Now picks a size). */
async function pickProducts(db: Ctx['db']): Promise<Pick3[]> {
  const res = await db.execute<{ category_id: string; category_name: string; id: string; image: string }>(sql`
    select c.id as category_id, c.name as category_name, p.id, p.image
    from (select id, name, sort_order from categories where not is_hidden order by sort_order, name limit ${DEMO_CLIPS * 2}) c
    join lateral (
      select p.id, p.images[1] as image from products p
      where p.category_id = c.id and p.is_active and p.deleted_at is null and p.in_stock and cardinality(p.images) > 0
      order by (not p.is_free_size and not p.is_color_options) desc, p.is_trending desc, p.sales_count desc, p.created_at desc, p.id
      limit ${PICTURES_PER_CLIP}
    ) p on true
    order by c.sort_order, c.name`);
  const byCategory = new Map<string, Pick3>();
  for (const r of res.rows) {
    const entry = byCategory.get(r.category_id) ?? { categoryId: r.category_id, categoryName: r.category_name, products: [] };
    entry.products.push({ id: r.id, image: r.image });
    byCategory.set(r.category_id, entry);
  }
  return [...byCategory.values()].filter((c) => c.products.length === PICTURES_PER_CLIP).slice(0, DEMO_CLIPS);
}

/** A picture's bytes: demo art from the art cache (drawn if need be), or an uploaded file from storage. */
async function pictureBytes(ctx: Ctx, dataDir: string, url: string): Promise<Buffer> {
  const spec = specFromUrl(url);
  if (spec) return (await artRenderer(artCacheDir(dataDir)).get(spec)).bytes;
  const key = ctx.storage.keyOf(url);
  if (!key) throw new Error(`Cannot read the picture ${url}`);
  return ctx.storage.get(key);
}

/** One frame per picture: the picture over a blurred, darkened copy of itself, 10 % larger than the video. */
async function frame(bytes: Buffer, file: string): Promise<void> {
  const w = Math.round(WIDTH * OVER);
  const h = Math.round(HEIGHT * OVER);
  const fgWidth = Math.round(w * 0.96);
  const fgHeight = Math.round((fgWidth * 4) / 3);
  const background = await sharp(bytes).resize(w, h, { fit: 'cover' }).blur(24).modulate({ brightness: 0.55 }).png().toBuffer();
  const picture = await sharp(bytes).resize(fgWidth, fgHeight, { fit: 'cover' }).png().toBuffer();
  await sharp(background)
    .composite([{ input: picture, left: Math.round((w - fgWidth) / 2), top: Math.round((h - fgHeight) / 2) }])
    .png({ compressionLevel: 1 })
    .toFile(file);
}

/** ffmpeg's slideshow: each picture pans for 2 s (directions vary) with fades between, concatenated, with a silent track. */
function slideshowArgs(frames: readonly string[], output: string): string[] {
  const d = SECONDS_PER_PICTURE;
  const dx = Math.round(WIDTH * (OVER - 1));
  const dy = Math.round(HEIGHT * (OVER - 1));
  const pans = [`${dx}*t/${d}:${dy}*t/${d}`, `${dx}-${dx}*t/${d}:${Math.round(dy / 2)}`, `${Math.round(dx / 2)}:${dy}-${dy}*t/${d}`];
  const inputs = frames.flatMap((f) => ['-loop', '1', '-framerate', String(FPS), '-t', String(d), '-i', f]);
  const chains = frames.map((_, i) => {
    // the first picture starts at once (a first frame that is a picture, not black); the others fade in
    const fadeIn = i > 0 ? ',fade=t=in:st=0:d=0.3' : '';
    const fadeOut = i < frames.length - 1 ? `,fade=t=out:st=${d - 0.3}:d=0.3` : '';
    return `[${i}:v]crop=${WIDTH}:${HEIGHT}:${pans[i % pans.length]}${fadeIn}${fadeOut}[v${i}]`;
  });
  const concat = `${frames.map((_, i) => `[v${i}]`).join('')}concat=n=${frames.length}:v=1:a=0,format=yuv420p[v]`;
  return [
    '-y',
    ...inputs,
    '-f', 'lavfi', '-t', String(d * frames.length), '-i', 'anullsrc=r=44100:cl=stereo',
    '-filter_complex', [...chains, concat].join(';'),
    '-map', '[v]', '-map', `${frames.length}:a`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-threads', '1',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart',
    output,
  ];
}

/** The clip's source MP4: from the cache, or made now and cached (written to a temporary name, then renamed). */
async function clipSource(ctx: Ctx, dataDir: string, images: readonly string[]): Promise<Buffer> {
  const key = createHash('sha1').update(JSON.stringify({ RECIPE, PAINT_VERSION, images })).digest('hex').slice(0, 24);
  const cacheDir = clipCacheDir();
  const cached = path.join(cacheDir, `${key}.mp4`);
  if (await stat(cached).catch(() => null)) return readFile(cached);
  const work = await mkdtemp(path.join(os.tmpdir(), 'statewise-clip-'));
  try {
    const frames = await Promise.all(
      images.map(async (url, i) => {
        const file = path.join(work, `frame${i}.png`);
        await frame(await pictureBytes(ctx, dataDir, url), file);
        return file;
      }),
    );
    const out = path.join(work, 'clip.mp4');
    await runFfmpeg(slideshowArgs(frames, out));
    const bytes = await readFile(out);
    await mkdir(cacheDir, { recursive: true })
      .then(() => rename(out, cached))
      .catch(() => undefined); // an unusable cache only costs a remake next time
    return bytes;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Adds the demo clips to a freshly seeded marketplace (nothing when the feed already has videos, or there are no
 * products). The clips are queued in the video pipeline; the server's worker makes them playable within seconds of
 * starting. Resolves with the number of clips queued.
 */
export async function seedShopVideos(ctx: Ctx, opts: { dataDir: string; onProgress?: (message: string) => void }): Promise<number> {
  const existing = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from shop_videos`);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return 0;
  const picks = await pickProducts(ctx.db);
  let made = 0;
  for (const [i, pick] of picks.entries()) {
    opts.onProgress?.(`Making the watch-and-shop clips: ${i + 1} of ${picks.length}`);
    const source = await clipSource(ctx, opts.dataDir, pick.products.map((p) => p.image));
    const stored = await storeVideo(ctx, source, { folder: VIDEO_FOLDER, kind: 'mp4' });
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shopVideos)
        .values({ videoUrl: stored.url, title: `${pick.categoryName}: new this week`, categoryId: pick.categoryId, sortOrder: i + 1 })
        .returning({ id: shopVideos.id });
      await tx.insert(shopVideoProducts).values(
        pick.products.map((p, position) => ({ videoId: row!.id, productId: p.id, position, highlightMs: position * SECONDS_PER_PICTURE * 1000 })),
      );
    });
    made++;
  }
  return made;
}
