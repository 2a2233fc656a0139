import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/app.ts';

let s: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-dist-'));
const script = 'console.log("statewise");'.repeat(100);

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Statewise</title></head><body></body></html>');
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
