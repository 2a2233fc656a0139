import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PAINT_VERSION, paintArt } from './paint.ts';
import { artUrl, parseArtPath, type ArtSpec } from './url.ts';

/** WebP quality of the demo's pictures: small files, no visible banding on the patterns. */
export const WEBP_QUALITY = 78;

/** SVG text to WebP bytes. */
export async function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
}

export interface RenderedArt {
  bytes: Buffer;
  /** Weak validator: the same address and painter version always draw the same picture. */
  etag: string;
}

/** Where a picture is cached, relative to the cache folder: <kind>/<motif>-<palette>-<seed>[-<label hash>].webp. */
export function artCachePath(spec: ArtSpec): string {
  const labelPart = spec.label ? `-${createHash('sha1').update(spec.label).digest('hex').slice(0, 12)}` : '';
  return path.join(spec.kind, `${spec.motif}-${spec.palette}-${spec.seed}${labelPart}.webp`);
}

/**
 * Draws pictures on first request and keeps them under `cacheDir` (DATA_DIR/media-cache). At most
 * `concurrency` renders run at once (sharp is CPU-bound; the API must stay responsive), concurrent requests
 * for the same picture share one render, and files are written to a temporary name then renamed, so a reader
 * never sees half a file. A change of PAINT_VERSION empties the cache once.
 *
 * Any canonical address can be asked for, so the work and the disk a stranger can cost us are bounded: at most
 * `maxQueue` renders wait for a slot (beyond that `RendererBusy`, a 503 the browser retries), and once the cache
 * holds `maxCacheBytes` new pictures are still drawn and served but no longer kept.
 */
export class ArtRenderer {
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  /** How many pictures this renderer has drawn (not read from the cache). */
  renders = 0;
  /** Bytes in the cache folder: measured once in the background, then kept up to date; undefined until measured. */
  cachedBytes: number | undefined;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly cacheDir: string,
    private readonly concurrency = 2,
    /** Draws one picture; the painter by default (tests pass a stand-in). */
    private readonly draw: (spec: ArtSpec) => Promise<Buffer> = (spec) => svgToWebp(paintArt(spec)),
    private readonly limits: { maxQueue?: number; maxCacheBytes?: number } = {},
  ) {}

  async get(spec: ArtSpec): Promise<RenderedArt> {
    const rel = artCachePath(spec);
    const etag = `W/"a${PAINT_VERSION}-${createHash('sha1').update(rel).digest('hex').slice(0, 16)}"`;
    let pending = this.inflight.get(rel);
    if (!pending) {
      pending = this.load(rel, spec).finally(() => this.inflight.delete(rel));
      this.inflight.set(rel, pending);
    }
    return { bytes: await pending, etag };
  }

  private async load(rel: string, spec: ArtSpec): Promise<Buffer> {
    // The cache only saves work: if its folder is unusable, pictures are drawn on every request instead.
    await (this.ready ??= this.checkVersion()
      .catch(() => {})
      .then(() => void this.measure()));
    const file = path.join(this.cacheDir, rel);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return cached;
    const bytes = await this.limited(() => this.draw(spec));
    this.renders++;
    await this.store(file, bytes);
    return bytes;
  }

  /** Writes atomically; a failed write (disk full, read-only) only costs a re-render next time. */
  private async store(file: string, bytes: Buffer): Promise<void> {
    const max = this.limits.maxCacheBytes ?? Infinity;
    if (this.cachedBytes !== undefined && this.cachedBytes + bytes.length > max) return;
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      if (this.cachedBytes !== undefined) this.cachedBytes += bytes.length;
    } catch {
      await unlink(tmp).catch(() => {});
    }
  }

  /** Adds up the cache folder's files (one pass at first use; a missing folder is empty). */
  private async measure(): Promise<void> {
    let total = 0;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else total += (await stat(full).catch(() => null))?.size ?? 0;
      }
    };
    await walk(this.cacheDir);
    this.cachedBytes = (this.cachedBytes ?? 0) + total;
  }

  private async checkVersion(): Promise<void> {
    const marker = path.join(this.cacheDir, 'VERSION');
    const current = await readFile(marker, 'utf8').catch(() => '');
    if (current.trim() === String(PAINT_VERSION)) return;
    await rm(this.cacheDir, { recursive: true, force: true });
    await mkdir(this.cacheDir, { recursive: true });
    await writeFile(marker, String(PAINT_VERSION));
  }

  /**
   * Draws ahead of time the pictures at these addresses (as the seed stores them: `/media/art/…?label=…`), one at
   * a time so live requests keep the other slot. Addresses that are not generated art are skipped. Resolves with
   * how many pictures were drawn; call it without awaiting, e.g. after seeding, so a first visit finds them ready.
   */
  async warm(urls: Iterable<string>, onProgress?: (done: number, total: number) => void): Promise<number> {
    const before = this.renders;
    const unique = [...new Set(urls)];
    let done = 0;
    for (const url of unique) {
      done++;
      const spec = specFromUrl(url);
      // Already drawn: a stat, not a read, so warming a warm cache at every start costs next to nothing.
      if (!spec || (await stat(path.join(this.cacheDir, artCachePath(spec))).catch(() => null))) continue;
      await this.get(spec).catch(() => undefined);
      onProgress?.(done, unique.length);
    }
    return this.renders - before;
  }

  /** Runs at most `concurrency` tasks at once; a finishing task hands its slot straight to the next in line. */
  private async limited<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency && this.waiting.length >= (this.limits.maxQueue ?? Infinity)) throw new RendererBusy();
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Too many pictures are waiting to be drawn: try again in a moment. */
export class RendererBusy extends Error {
  constructor() {
    super('Too many pictures are being drawn. Please try again in a moment');
  }
}

/** The spec behind a canonical art address (path and optional `?label=`), or undefined. */
export function specFromUrl(url: string): ArtSpec | undefined {
  const m = /^\/media\/art\/([^/?]+)\/([^/?]+)(?:\?label=([^&]*))?$/.exec(url);
  if (!m) return undefined;
  let label: string | undefined;
  try {
    label = m[3] === undefined ? undefined : decodeURIComponent(m[3]);
  } catch {
    return undefined;
  }
  const spec = parseArtPath(m[1]!, m[2]!, label);
  return spec && artUrl(spec) === url ? spec : undefined;
}

const shared = new Map<string, ArtRenderer>();

/** Renders waiting for a slot before new ones are refused: a few pages' worth of pictures. */
export const ART_MAX_QUEUE = 64;

/**
 * One renderer per cache folder, so the media route and a warm-up share renders and the concurrency limit. The
 * first caller's cache budget holds (the media route, registered when the app is built).
 */
export function artRenderer(cacheDir: string, maxCacheBytes?: number): ArtRenderer {
  let renderer = shared.get(cacheDir);
  if (!renderer) shared.set(cacheDir, (renderer = new ArtRenderer(cacheDir, 2, undefined, { maxQueue: ART_MAX_QUEUE, maxCacheBytes })));
  return renderer;
}
