/// <reference lib="dom" />
/**
 * Watch and shop, first frames on a phone network: `npm run bench:video` (issue 14, ADR 030).
 *
 * Starts the real server on the built web app (bench/web-server.ts: a fresh seeded database, or BENCH_URL), waits until
 * the demo clips are transcoded, then, BENCH_RUNS times (default 10), in Debian's headless Chromium at a phone's size
 * with an empty cache and the network throttled through CDP (Network.emulateNetworkConditions):
 *   - open /watch-and-shop → the first frame of the first video presented (the page marks `sw-video-frame:0` from
 *     requestVideoFrameCallback), measured from the navigation's start;
 *   - after watching for BENCH_WATCH_MS (default 3 s), scroll one video down → the first frame of the next video
 *     (`sw-video-frame:1`), measured from the scroll.
 * Prints each run and the median, p75 and worst of both; the target is p75 ≤ 1 s for both (exit code 1 when missed).
 *
 * Network profile (BENCH_NETWORK): `4g` (default) 9 Mbit/s down, 1.5 Mbit/s up, 60 ms added latency per request —
 * Chrome DevTools' "Fast 4G"; `slow4g` 1.6 Mbit/s down, 750 kbit/s up, 150 ms — Lighthouse's mobile throttling.
 */
import { chromium, type Page } from 'playwright-core';
import { startWebServer } from './web-server.ts';

const PROFILES = {
  '4g': { latency: 60, downloadThroughput: (9_000 * 1024) / 8, uploadThroughput: (1_500 * 1024) / 8 },
  slow4g: { latency: 150, downloadThroughput: (1_600 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
} as const;
const profileName = (process.env.BENCH_NETWORK ?? '4g') as keyof typeof PROFILES;
const profile = PROFILES[profileName];
if (!profile) throw new Error(`BENCH_NETWORK must be one of ${Object.keys(PROFILES).join(', ')}`);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WATCH_MS = Number(process.env.BENCH_WATCH_MS ?? 3000);
const TARGET_MS = 1000;

const server = await startWebServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

/** Waits until the demo clips (or any videos) are ready: at least two, to scroll from one to the next. */
async function waitForVideos(url: string): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const res = (await (await fetch(`${url}/api/video/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { total: number } };
    if (res.data.total >= 2) return res.data.total;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('Fewer than two videos became ready within 5 minutes');
}

/** The time (ms since navigation start) at which a mark was made, waiting for it. */
async function markTime(page: Page, name: string, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction((n) => performance.getEntriesByName(n)[0]?.startTime, name, { timeout, polling: 16 });
  return (await handle.jsonValue()) as number;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => `${Math.round(n)} ms`.padStart(8);

let failed = false;
try {
  const total = await waitForVideos(server.url);
  console.log(`${total} videos ready. ${RUNS} runs, network ${profileName} (${profile.latency} ms, ${Math.round((profile.downloadThroughput * 8) / 1024)} kbit/s down), watching ${WATCH_MS} ms before scrolling.`);
  const first: number[] = [];
  const next: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile });
    await page.goto(`${server.url}/watch-and-shop`, { waitUntil: 'commit' });
    const firstFrame = await markTime(page, 'sw-video-frame:0');
    await page.waitForTimeout(WATCH_MS);
    const scrolledAt = await page.evaluate(() => {
      const feed = document.querySelector('[aria-label="Videos"]') as HTMLElement;
      feed.scrollBy({ top: feed.clientHeight });
      return performance.now();
    });
    const nextFrame = (await markTime(page, 'sw-video-frame:1')) - scrolledAt;
    first.push(firstFrame);
    next.push(nextFrame);
    console.log(`run ${String(run).padStart(2)}: open → first frame ${ms(firstFrame)}   scroll → next frame ${ms(nextFrame)}`);
    await context.close();
  }
  for (const [name, values] of [
    ['open → first frame', first],
    ['scroll → next frame', next],
  ] as const) {
    const p75 = pct(values, 75);
    console.log(`${name.padEnd(20)} median ${ms(pct(values, 50))}  p75 ${ms(p75)}  worst ${ms(Math.max(...values))}  ${p75 <= TARGET_MS ? 'OK' : `OVER the ${TARGET_MS} ms target`}`);
    if (p75 > TARGET_MS) failed = true;
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
