import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOurPicture, isPageLoad, precacheForShoppers, shopperAssets, type RouteMatch } from '../../pwa.ts';

const web = path.resolve(import.meta.dirname, '../..');
const publicFile = (name: string) => path.join(web, 'public', name);

/** Workbox writes a route's matcher into sw.js as its source text: test that copy, which has no module around it. */
const asInWorker = (matcher: RouteMatch) => new Function(`return (${String(matcher)})`)() as RouteMatch;
const origin = 'https://statewise.example';
const ask = (matcher: RouteMatch, address: string, request: Partial<Request>) => {
  const url = new URL(address, origin);
  return Boolean(asInWorker(matcher)({ url, request: request as Request, sameOrigin: url.origin === origin }));
};

describe('the service worker routes', () => {
  it('takes every page load (to the network, or the offline page) and no other request', () => {
    expect(ask(isPageLoad, '/products/sarees?discount=30', { mode: 'navigate', destination: 'document' })).toBe(true);
    expect(ask(isPageLoad, '/', { mode: 'navigate', destination: 'document' })).toBe(true);
    expect(ask(isPageLoad, '/api/products', { mode: 'cors', destination: '' })).toBe(false);
    expect(ask(isPageLoad, '/socket.io/?EIO=4&transport=polling', { mode: 'cors', destination: '' })).toBe(false);
  });

  it('keeps our own pictures from /media/ and /uploads/ and nothing else', () => {
    const image = { mode: 'no-cors', destination: 'image' } as const;
    expect(ask(isOurPicture, '/media/art/product/paisley-3-42.webp', image)).toBe(true);
    expect(ask(isOurPicture, '/uploads/products/abc-600w.webp', image)).toBe(true);
    // another site's picture (a bucket's, a Google account's), an API answer, a video, the socket: never
    expect(ask(isOurPicture, 'https://bucket.example/uploads/abc-600w.webp', image)).toBe(false);
    expect(ask(isOurPicture, '/api/products/abc', { mode: 'cors', destination: '' })).toBe(false);
    expect(ask(isOurPicture, '/api/media/art/x.webp', image)).toBe(false);
    expect(ask(isOurPicture, '/uploads/videos/abc.mp4', { mode: 'no-cors', destination: 'video' })).toBe(false);
    expect(ask(isOurPicture, '/socket.io/?EIO=4', { mode: 'cors', destination: '' })).toBe(false);
    expect(ask(isOurPicture, '/assets/index-abc.js', { mode: 'cors', destination: 'script' })).toBe(false);
  });
});

describe('the precache', () => {
  // a build manifest: the entry, its shared chunk, a shopper's lazy screen, and a console screen with its own library
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], dynamicImports: ['src/features/product/ProductPage.tsx', 'src/features/admin/DashboardPage.tsx', 'src/features/vendor-console/EarningsPage.tsx'], css: ['assets/index-1.css'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/features/product/ProductPage.tsx': { file: 'assets/ProductPage-1.js', imports: ['_shared-1.js', '_zoom-1.js'] },
    '_zoom-1.js': { file: 'assets/zoom-1.js' },
    'src/features/admin/DashboardPage.tsx': { file: 'assets/DashboardPage-1.js', imports: ['_shared-1.js', '_charts-1.js'], dynamicImports: ['src/features/admin/Export.tsx'] },
    '_charts-1.js': { file: 'assets/charts-1.js' },
    'src/features/admin/Export.tsx': { file: 'assets/Export-1.js' },
    'src/features/vendor-console/EarningsPage.tsx': { file: 'assets/EarningsPage-1.js', imports: ['_charts-1.js'] },
  };

  it("holds every script and stylesheet of a shopper's screens, and not the consoles' (nor what only they use)", () => {
    expect([...shopperAssets(manifest)].sort()).toEqual(['assets/ProductPage-1.js', 'assets/index-1.css', 'assets/index-1.js', 'assets/shared-1.js', 'assets/zoom-1.js']);
  });

  it('keeps the offline page and the icons, and every asset when the build wrote no manifest', async () => {
    const entries = ['assets/index-1.js', 'assets/charts-1.js', 'offline.html', 'icons/icon-192.png'].map((url) => ({ url, revision: null, size: 1 }));
    const kept = await precacheForShoppers(() => manifest)(entries);
    expect(kept.manifest.map((e) => e.url)).toEqual(['assets/index-1.js', 'offline.html', 'icons/icon-192.png']);
    const unknown = await precacheForShoppers(() => undefined)(entries);
    expect(unknown.manifest).toEqual(entries);
    expect(unknown.warnings).toHaveLength(1);
  });
});

/** A PNG's width, height and colour type (2: RGB, 6: RGBA), from its header. */
function pngHeader(file: string) {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), alpha: bytes[25] === 6 };
}

describe('the web app manifest', () => {
  const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8')) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  } & Record<string, unknown>;

  it('names the app and opens it at the home page, standalone, in the brand colours', () => {
    expect(manifest).toMatchObject({
      name: 'Statewise',
      short_name: 'Statewise',
      description: 'shop wise, statewise',
      start_url: '/',
      display: 'standalone',
      theme_color: '#7a1f3d',
      background_color: '#fdfaf5',
    });
  });

  it('lists 192 and 512 px icons and a maskable one, each a PNG of its stated size', () => {
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const png = pngHeader(publicFile(icon.src));
      expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
      // a maskable icon is cut to shape by the platform: it must fill its square, with nothing to see through
      expect(png.alpha, icon.src).toBe(icon.purpose !== 'maskable');
    }
  });

  it('is linked from the page, with an opaque home-screen icon for iPhones (which paint transparency black)', () => {
    const html = readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(touch).toBeDefined();
    expect(pngHeader(publicFile(touch!))).toEqual({ width: 180, height: 180, alpha: false });
  });
});

describe('the offline page', () => {
  const html = readFileSync(publicFile('offline.html'), 'utf8');

  it('needs no other file and runs no script: it is shown when nothing can be fetched, under our CSP', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/i);
    expect(html).not.toMatch(/\b(src|srcset)=/i);
    expect(html).not.toMatch(/url\(/i);
    // every href is the page's own address: "Try again" loads it once more
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['']);
  });

  it("says you're offline and offers to try again", () => {
    expect(html).toContain("<h1>You're offline</h1>");
    expect(html).toMatch(/<a class="retry" href="">Try again<\/a>/);
  });
});
