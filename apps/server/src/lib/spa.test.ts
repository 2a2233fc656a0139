import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/app.ts';
import { inlineStylesheet } from './spa.ts';

let s: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-dist-'));
const script = 'console.log("statewise");'.repeat(100);

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  // a page as large as a real one (over the 1 KB below which compressing is not worth it)
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Statewise</title><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body>${'<!-- app -->'.repeat(200)}</body></html>`,
  );
  writeFileSync(path.join(dist, 'assets/index-abc123.css'), '.brand{color:#7a1f3d}');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  s = await createTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('answers a client-side route with the app page, never cached', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/products/sarees?discount=30' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Statewise</title>');
  });

  it('carries the stylesheet inside the page, so the first screen draws without a second file', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<style>.brand{color:#7a1f3d}</style>');
    // the link only says the stylesheet is there (for the lazy chunks' loader); disabled, it is not fetched
    expect(res.body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual(['<link rel="stylesheet" crossorigin href="/assets/index-abc123.css" disabled>']);
    // the file stays served for anything that still asks for it
    expect((await s.app.inject({ method: 'GET', url: '/assets/index-abc123.css' })).body).toBe('.brand{color:#7a1f3d}');
  });

  it('leaves the link when the stylesheet is missing or could close the element', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-zzz.css"></head>';
    expect(inlineStylesheet(html, dist)).toBe(html);
    writeFileSync(path.join(dist, 'assets/index-zzz.css'), 'a::after{content:"</style><script>"}');
    expect(inlineStylesheet(html, dist)).toBe(html);
  });

  it('compresses the app page for a browser that takes brotli or gzip', async () => {
    const br = await s.app.inject({ method: 'GET', url: '/products/sarees', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Statewise</title>');
    const gz = await s.app.inject({ method: 'GET', url: '/products/sarees', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>Statewise</title>');
    const plain = await s.app.inject({ method: 'GET', url: '/products/sarees' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves hashed assets with a year of immutable caching, precompressed when the browser accepts it', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answers a missing file with 404 rather than the app page', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers an unknown API path in the JSON envelope', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/products/unknown/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });
});
