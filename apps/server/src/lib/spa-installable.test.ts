import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/app.ts';

/**
 * The installable app's files as the web build writes them (apps/web/pwa.ts, ADR 052): the service worker, the web
 * app manifest, the icons and the offline page, served by registerSpa beside the hashed assets.
 */
let s: TestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'statewise-dist-'));
// big enough to be worth compressing (the server's threshold is 1 KB)
const worker = `self.addEventListener('fetch', () => {});\n`.repeat(60);
const manifest = JSON.stringify({ name: 'Statewise', short_name: 'Statewise', start_url: '/', display: 'standalone', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] });
// a PNG's signature is enough for the server, which never looks inside
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Statewise</title><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), worker);
  writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(dist, 'icons/icon-192.png'), png);
  writeFileSync(path.join(dist, 'offline.html'), "<!doctype html><title>You're offline</title><h1>You're offline</h1>");
  s = await createTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('sends the service worker as JavaScript that the browser checks again on every update (a new deploy takes over)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/sw.js', headers: { 'service-worker': 'script' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(worker);
  });

  it('compresses the service worker, which the build writes after its precompressed copies', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  });

  it('sends the web app manifest as application/manifest+json, never cached for long', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Statewise', display: 'standalone' });
  });

  it('sends the icons as PNG and the offline page as HTML', async () => {
    const icon = await s.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const offline = await s.app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.body).toContain("You're offline");
  });

  it('keeps the hashed assets immutable beside them', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing worker file with 404, not the app page (a stale registration stops asking)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/workbox-abc123.js' });
    expect(res.statusCode).toBe(404);
  });
});
