import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/app.ts';
import { modulesFor, preloadLinks, ROUTE_MODULES, type Manifest } from './preload.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_jsx-runtime-r1.js'], css: ['assets/index-c1.css'] },
  '_jsx-runtime-r1.js': { file: 'assets/jsx-runtime-r1.js' },
  'src/features/home/HomePage.tsx': { file: 'assets/HomePage-h1.js', imports: ['index.html', '_jsx-runtime-r1.js', '_Carousel-k1.js'] },
  '_Carousel-k1.js': { file: 'assets/Carousel-k1.js', imports: ['_jsx-runtime-r1.js'] },
  'src/features/home/HomeMore.tsx': { file: 'assets/HomeMore-m1.js', imports: ['_Carousel-k1.js'], css: ['assets/HomeMore-c2.css'] },
  'src/features/product/ProductPage.tsx': { file: 'assets/ProductPage-p1.js', imports: ['index.html'] },
  'src/app/Footer.tsx': { file: 'assets/Footer-f1.js', imports: ['index.html'] },
  'src/app/feature-routes.tsx': { file: 'assets/feature-routes-x1.js', imports: ['index.html'] },
};

describe('modulepreload links', () => {
  it('list the route chunk and everything it imports once, but nothing index.html already loads', () => {
    const links = preloadLinks(manifest, ['src/features/home/HomePage.tsx', 'src/features/home/HomeMore.tsx', 'src/app/Footer.tsx']);
    const hrefs = [...links.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/assets/HomeMore-c2.css', '/assets/HomePage-h1.js', '/assets/Carousel-k1.js', '/assets/HomeMore-m1.js', '/assets/Footer-f1.js']);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-h1.js">');
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/assets/HomeMore-c2.css">');
  });

  it('skip modules the build does not have', () => {
    expect(preloadLinks(manifest, ['src/nowhere.tsx'])).toBe('');
  });

  it('pick the screen by path as the router does, and the other pages get the feature routes', () => {
    expect(modulesFor('/')).toContain('src/features/home/HomePage.tsx');
    expect(modulesFor('/products/sarees')).toContain('src/features/catalogue/listing/ListingPage.tsx');
    expect(modulesFor('/shop-by-state/rajasthan/sarees')).toContain('src/features/catalogue/listing/ListingPage.tsx');
    expect(modulesFor('/product/red-silk-saree')).toContain('src/features/product/ProductPage.tsx');
    expect(modulesFor('/product/TopSellingProducts')).toContain('src/features/catalogue/CollectionPage.tsx');
    expect(modulesFor('/store/rang-mahal')).toContain('src/features/vendors/StorePage.tsx');
    expect(modulesFor('/cart')).toEqual(['src/app/feature-routes.tsx']);
  });

  it('name only source files that exist in the web app (a renamed screen must be renamed here too)', () => {
    const web = path.resolve(import.meta.dirname, '../../../web');
    const named = [...ROUTE_MODULES.flatMap(([, m]) => m), 'src/app/feature-routes.tsx'];
    expect(named.filter((m) => !existsSync(path.join(web, m)))).toEqual([]);
  });
});

describe('the app page', () => {
  let s: TestServer;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Statewise</title></head><body></body></html>');
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    s = await createTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('carries the modulepreload links of the route it answers', async () => {
    const home = await s.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/HomePage-h1.js">[\s\S]*<\/head>/);
    expect(home.body).not.toContain('ProductPage-p1.js');
    const product = await s.app.inject({ method: 'GET', url: '/product/red-silk-saree?size=M' });
    expect(product.body).toContain('href="/assets/ProductPage-p1.js"');
    expect(product.body).not.toContain('HomePage-h1.js');
    const cart = await s.app.inject({ method: 'GET', url: '/cart' });
    expect(cart.body).toContain('href="/assets/feature-routes-x1.js"');
  });
});
