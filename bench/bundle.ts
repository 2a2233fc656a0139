/**
 * The JavaScript a page really loads: `npx tsx bench/bundle.ts [path ...]` (default: the home page `/`).
 *
 * Starts the real server on the built web app (bench/web-server.ts: a fresh seeded database, or BENCH_URL), opens
 * each path in headless Chromium (Debian's, through playwright-core) at a phone's width with an empty cache, waits
 * until the network has been idle for 500 ms, and adds up every JavaScript response: the gzip size of its body
 * (level 9, computed here whatever encoding the server chose), so lazy chunks count as much as the entry. Fails
 * when the home page is over its budget, 100 KB gzip (issue 9).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startWebServer } from './web-server.ts';

/** The target for the home route: every script loaded until the network is idle, 100 KB gzip. */
const BUDGET_BYTES = 100 * 1024;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

const server = await startWebServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
let overBudget = false;
try {
  for (const pagePath of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(res.body().then((body) => ({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    await context.close();
    const js = loaded.reduce((sum, s) => sum + s.gzip, 0);
    const budget = pagePath === '/' ? BUDGET_BYTES : undefined;
    if (budget && js > budget) overBudget = true;
    console.log(
      `${pagePath}: JavaScript until the network is idle ${(js / 1024).toFixed(1)} KB gzip = ${js} bytes in ${loaded.length} files` +
        (budget ? `, budget ${budget}${js > budget ? ' — OVER' : ''}` : ''),
    );
    for (const s of loaded.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${new URL(s.url).pathname}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
if (overBudget) process.exitCode = 1;
