import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artCachePath, specFromUrl } from '../../lib/art/render.ts';
import { artUrl } from '../../lib/art/url.ts';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { newBanner, newCategory, newProduct, newVendor } from '../../test/factories.ts';
import { artCacheDir } from './routes.ts';
import { warmFirstPictures } from './warm.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const drawn = (url: string) => existsSync(path.join(artCacheDir(s.config.dataDir), artCachePath(specFromUrl(url)!)));

describe('warmFirstPictures', () => {
  it('draws the banners, categories and first product pictures, then skips them on the next start', async () => {
    const bannerUrl = artUrl({ kind: 'banner', motif: 'ikat', palette: 2, seed: 11, label: 'Festive Edit' });
    const categoryUrl = artUrl({ kind: 'category', motif: 'paisley', palette: 3, seed: 12, label: 'Sarees' });
    const first = artUrl({ kind: 'product', motif: 'bandhani', palette: 4, seed: 13 });
    const second = artUrl({ kind: 'product', motif: 'bandhani', palette: 4, seed: 14 });
    await newBanner(s.db, { image: bannerUrl, mobileImage: bannerUrl });
    const category = await newCategory(s.db, { image: categoryUrl });
    const { user: vendor } = await newVendor(s.db);
    await newProduct(s.db, { categoryId: category.id, vendorId: vendor.id, images: [first, second] });

    const progress: Array<[number, number]> = [];
    expect(await warmFirstPictures(s.db, s.config.dataDir, (done, total) => progress.push([done, total]))).toBe(3);
    // the start-up log counts up to every picture a first visitor meets
    expect(progress.at(-1)).toEqual([3, 3]);
    expect([bannerUrl, categoryUrl, first].every(drawn)).toBe(true);
    // only a product's first picture is drawn ahead; the rest wait for a visitor
    expect(drawn(second)).toBe(false);
    expect(await warmFirstPictures(s.db, s.config.dataDir)).toBe(0);
  });
});
