import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paintArt } from '../../lib/art/paint.ts';
import { artCachePath, svgToWebp } from '../../lib/art/render.ts';
import { artUrl } from '../../lib/art/url.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import {
  newBanner,
  newCategory,
  newFestiveOffer,
  newState,
  newSubcategory,
  newSubcategoryCard,
  newVendor,
  newVendorSectionEntry,
} from '../../test/factories.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('GET /media/art/{kind}/{file}', () => {
  const url = artUrl({ kind: 'product', motif: 'paisley', palette: 3, seed: 42 });

  it('serves the picture as WebP with a year of immutable caching and an ETag', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^W\/"a\d+-[0-9a-f]{16}"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 800]);
  });

  it('gives the same bytes for the same address, drawn or cached', async () => {
    const [a, b] = [await get(url), await get(url)];
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    const fresh = await svgToWebp(paintArt({ kind: 'product', motif: 'paisley', palette: 3, seed: 42 }));
    expect(a.rawPayload.equals(fresh)).toBe(true);
  });

  it('keeps the picture under DATA_DIR/media-cache', async () => {
    await get(url);
    expect(existsSync(path.join(s.config.dataDir, 'media-cache', 'product', 'paisley-3-42.webp'))).toBe(true);
  });

  it('answers 304 to a request carrying its ETag', async () => {
    const etag = (await get(url)).headers.etag as string;
    const res = await get(url, { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers HEAD without a body', async () => {
    const res = await s.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('draws the caption of a labelled picture, apart from the plain one', async () => {
    const labelled = artUrl({ kind: 'state', motif: 'warli', palette: 9, seed: 5, label: 'Andaman & Nicobar Islands' });
    const plain = artUrl({ kind: 'state', motif: 'warli', palette: 9, seed: 5 });
    await newState(s.db, { name: 'Andaman & Nicobar Islands', image: labelled });
    const [a, b] = [await get(labelled), await get(plain)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
  });

  it('answers a flood of new pictures with 503 and Retry-After beyond the waiting line, never a 500', async () => {
    const urls = Array.from({ length: 90 }, (_, i) => artUrl({ kind: 'card', motif: 'checks', palette: 1, seed: 900_000 + i }));
    const answers = await Promise.all(urls.map((u) => get(u)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(66); // two drawing, 64 waiting
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.json()).toEqual({ success: false, message: 'Too many pictures are being drawn. Please try again in a moment' });
    // once the line has drained, the refused ones are drawn
    expect((await get(urls[89]!)).statusCode).toBe(200);
  });

  it.each([
    '/media/art/poster/paisley-3-42.webp',
    '/media/art/product/velvet-3-42.webp',
    '/media/art/product/paisley-16-42.webp',
    '/media/art/product/paisley-03-42.webp',
    '/media/art/product/paisley-3-042.webp',
    '/media/art/product/paisley-3-42.png',
    '/media/art/product/paisley-3-42.webp?label=%3Cscript%3E',
    '/media/art/product/paisley-3-42.webp?label=a&label=b',
    '/media/art/product/paisley-3-42.webp?label=',
    '/media/art/product/..%2F..%2Fjwt-secret',
    '/api/media/art/product/paisley-3-42.webp',
  ])('answers 404 for %s, which it did not make', async (bad) => {
    const res = await get(bad);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('captioned pictures', () => {
  const cached = (url: string) => {
    const m = /^\/media\/art\/([a-z-]+)\/([a-z]+)-(\d+)-(\d+)\.webp\?label=(.*)$/.exec(url)!;
    return path.join(s.config.dataDir, 'media-cache', artCachePath({ kind: m[1] as 'card', motif: m[2] as 'checks', palette: Number(m[3]), seed: Number(m[4]), label: decodeURIComponent(m[5]!) }));
  };

  it('draws only the captions the catalogue uses: any other text is 404 and nothing is kept', async () => {
    const used = artUrl({ kind: 'card', motif: 'madhubani', palette: 4, seed: 1101, label: "Women's Kurtas" });
    await newSubcategoryCard(s.db, (await newSubcategory(s.db, (await newCategory(s.db)).id)).id, { image: used });
    const made = [
      artUrl({ kind: 'card', motif: 'madhubani', palette: 4, seed: 1101, label: 'Buy cheap followers' }),
      // a caption the catalogue uses, on another picture
      artUrl({ kind: 'card', motif: 'madhubani', palette: 4, seed: 1102, label: "Women's Kurtas" }),
      artUrl({ kind: 'banner', motif: 'madhubani', palette: 4, seed: 1101, label: "Women's Kurtas" }),
    ];
    for (const url of made) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
      expect(existsSync(cached(url)), url).toBe(false);
    }
    const res = await get(used);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(existsSync(cached(used))).toBe(true);
  });

  it('knows the captioned pictures of every table that stores them', async () => {
    const vendor = await newVendor(s.db, {
      vendor: {
        banner: artUrl({ kind: 'vendor-banner', motif: 'ikat', palette: 2, seed: 501, label: 'Loom Stories' }),
        avatar: artUrl({ kind: 'avatar', motif: 'ikat', palette: 5, seed: 601, label: 'LS' }),
        sizeChart: artUrl({ kind: 'size-chart', motif: 'ikat', palette: 2, seed: 701, label: 'Size Chart' }),
      },
    });
    const banner = { image: artUrl({ kind: 'banner', motif: 'jaali', palette: 1, seed: 901, label: 'Festive edit' }), mobileImage: artUrl({ kind: 'banner-mobile', motif: 'jaali', palette: 1, seed: 901, label: 'Festive edit' }) };
    await newBanner(s.db, banner);
    const offer = artUrl({ kind: 'card', motif: 'paisley', palette: 6, seed: 801, label: 'Diwali Specials' });
    await newFestiveOffer(s.db, { image: offer });
    const featured = artUrl({ kind: 'card', motif: 'temple', palette: 7, seed: 1201, label: 'Loom Stories' });
    await newVendorSectionEntry(s.db, vendor.userId, { image: featured });
    for (const url of [vendor.vendor.banner, vendor.vendor.avatar, vendor.vendor.sizeChart, banner.image, banner.mobileImage, offer, featured]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('GET /uploads/…', () => {
  beforeAll(() => {
    const dir = path.join(s.config.dataDir, 'uploads', 'products');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'photo.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    writeFileSync(path.join(s.config.dataDir, 'uploads', '.hidden'), 'secret');
  });

  it('serves an uploaded file with caching, a validator and a locked-down policy', async () => {
    const res = await get('/uploads/products/photo.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it.each(['/uploads/', '/uploads/products', '/uploads/products/', '/uploads/missing.webp', '/uploads/.hidden'])(
    'answers 404 for %s (no listings, no dotfiles)',
    async (bad) => {
      const res = await get(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    },
  );

  it.each(['/uploads/../jwt-secret', '/uploads/%2e%2e/jwt-secret', '/uploads/..%2fjwt-secret', '/uploads/products/..%2f..%2fjwt-secret'])(
    'never serves a file outside the folder (%s)',
    async (bad) => {
      const secret = readFileSync(path.join(s.config.dataDir, 'jwt-secret'), 'utf8');
      const res = await get(bad);
      expect(res.body).not.toContain(secret);
    },
  );
});
