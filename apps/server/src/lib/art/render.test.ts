import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paintArt } from './paint.ts';
import { artCachePath, ArtRenderer, RendererBusy, specFromUrl, svgToWebp } from './render.ts';
import { artUrl } from './url.ts';
import type { ArtSpec } from './url.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'art-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const spec: ArtSpec = { kind: 'card', motif: 'checks', palette: 4, seed: 77 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('svgToWebp', () => {
  it('gives the same WebP bytes for the same picture', async () => {
    const svg = paintArt(spec);
    const [a, b] = [await svgToWebp(svg), await svgToWebp(svg)];
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 400]);
  });
});

describe('ArtRenderer', () => {
  it('draws on first request, then serves the cached file', async () => {
    const renderer = new ArtRenderer(dir);
    const first = await renderer.get(spec);
    const file = path.join(dir, 'card', 'checks-4-77.webp');
    expect(readFileSync(file).equals(first.bytes)).toBe(true);
    const second = await new ArtRenderer(dir).get(spec);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.etag).toBe(first.etag);
    expect(renderer.renders).toBe(1);
  });

  it('keeps a labelled picture apart from the plain one', () => {
    expect(artCachePath(spec)).toBe(path.join('card', 'checks-4-77.webp'));
    expect(artCachePath({ ...spec, label: 'Sarees' })).toMatch(/^card[/\\]checks-4-77-[0-9a-f]{12}\.webp$/);
    expect(artCachePath({ ...spec, label: 'Sarees' })).not.toBe(artCachePath({ ...spec, label: 'Kurtas' }));
  });

  it('shares one render among concurrent requests for the same picture', async () => {
    let calls = 0;
    const renderer = new ArtRenderer(dir, 2, async () => {
      calls++;
      await sleep(20);
      return Buffer.from('picture');
    });
    const results = await Promise.all(Array.from({ length: 6 }, () => renderer.get(spec)));
    expect(calls).toBe(1);
    expect(results.every((r) => r.bytes.toString() === 'picture')).toBe(true);
  });

  it('runs at most two renders at a time', async () => {
    let running = 0;
    let peak = 0;
    const renderer = new ArtRenderer(dir, 2, async () => {
      running++;
      peak = Math.max(peak, running);
      await sleep(15);
      running--;
      return Buffer.from('x');
    });
    await Promise.all(Array.from({ length: 7 }, (_, i) => renderer.get({ ...spec, seed: i })));
    expect(peak).toBe(2);
    expect(renderer.renders).toBe(7);
  });

  it('refuses new renders once the waiting line is full, and takes them again when it drains', async () => {
    const renderer = new ArtRenderer(dir, 1, async () => (await sleep(30), Buffer.from('x')), { maxQueue: 2 });
    const accepted = [0, 1, 2].map((i) => renderer.get({ ...spec, seed: i })); // one drawing, two waiting
    await sleep(5);
    await expect(renderer.get({ ...spec, seed: 3 })).rejects.toBeInstanceOf(RendererBusy);
    await Promise.all(accepted);
    expect((await renderer.get({ ...spec, seed: 3 })).bytes.toString()).toBe('x');
  });

  it('stops keeping new pictures once the cache holds its budget, and still serves them', async () => {
    const renderer = new ArtRenderer(dir, 2, async () => Buffer.alloc(400, 1), { maxCacheBytes: 1000 });
    await renderer.get({ ...spec, seed: 1 }); // the first use measures the (empty) folder in the background
    await sleep(20);
    for (const seed of [2, 3, 4]) expect((await renderer.get({ ...spec, seed })).bytes.length).toBe(400);
    const kept = [1, 2, 3, 4].filter((seed) => existsSync(path.join(dir, artCachePath({ ...spec, seed }))));
    expect(kept.length).toBeLessThanOrEqual(2);
    expect(renderer.cachedBytes).toBeLessThanOrEqual(1000);
    // a picture that was not kept is drawn again next time
    const before = renderer.renders;
    await renderer.get({ ...spec, seed: 4 });
    expect(renderer.renders).toBe(before + (kept.includes(4) ? 0 : 1));
  });

  it('counts what the cache already holds at start against the budget', async () => {
    const first = new ArtRenderer(dir, 2, async () => Buffer.alloc(600, 1), { maxCacheBytes: 1000 });
    await first.get({ ...spec, seed: 1 });
    await sleep(20);
    const second = new ArtRenderer(dir, 2, async () => Buffer.alloc(600, 1), { maxCacheBytes: 1000 });
    await second.get({ ...spec, seed: 1 }); // cached: read, and the folder measured
    await sleep(20);
    expect(second.cachedBytes).toBeGreaterThanOrEqual(600);
    await second.get({ ...spec, seed: 2 });
    expect(existsSync(path.join(dir, artCachePath({ ...spec, seed: 2 })))).toBe(false);
  });

  it('leaves no temporary files behind', async () => {
    const renderer = new ArtRenderer(dir);
    await Promise.all([renderer.get(spec), renderer.get({ ...spec, seed: 78 })]);
    expect(readdirSync(path.join(dir, 'card')).sort()).toEqual(['checks-4-77.webp', 'checks-4-78.webp']);
  });

  it('empties the cache once when the painter changes', async () => {
    await new ArtRenderer(dir).get(spec);
    const stale = path.join(dir, 'card', 'old-0-1.webp');
    writeFileSync(stale, 'stale');
    writeFileSync(path.join(dir, 'VERSION'), '0');
    await new ArtRenderer(dir).get(spec);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(path.join(dir, 'card', 'checks-4-77.webp'))).toBe(true);
  });

  it('still answers when the cache cannot be written', async () => {
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, '');
    const renderer = new ArtRenderer(path.join(file, 'cache'), 2, async () => Buffer.from('y'));
    expect((await renderer.get(spec)).bytes.toString()).toBe('y');
    expect((await renderer.get(spec)).bytes.toString()).toBe('y');
    expect(renderer.renders).toBe(2);
  });

  it('draws ahead of time the art among a list of addresses, once each', async () => {
    const renderer = new ArtRenderer(dir, 2, async () => Buffer.from('z'));
    const urls = [artUrl(spec), artUrl({ ...spec, label: 'Kurtas & Suits' }), artUrl(spec), '/uploads/x.webp', 'https://example.com/a.webp'];
    expect(await renderer.warm(urls)).toBe(2);
    expect(await renderer.warm(urls)).toBe(0);
    expect(existsSync(path.join(dir, artCachePath({ ...spec, label: 'Kurtas & Suits' })))).toBe(true);
  });
});

describe('specFromUrl', () => {
  it('reads back what artUrl wrote', () => {
    const labelled = { ...spec, label: "Tailor's Choice & Co" };
    expect(specFromUrl(artUrl(labelled))).toEqual(labelled);
    expect(specFromUrl(artUrl(spec))).toEqual(spec);
  });

  it.each(['/media/art/card/checks-04-77.webp', '/media/art/card/checks-4-77.webp?label=%E0%A4', '/media/art/card/checks-4-77.webp?x=1', '/uploads/a.webp'])(
    'refuses %s',
    (url) => {
      expect(specFromUrl(url)).toBeUndefined();
    },
  );
});
