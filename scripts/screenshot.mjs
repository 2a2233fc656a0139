/* global window, document -- the functions given to page.evaluate run in the browser */
// Looks at a page as a user would: `node scripts/screenshot.mjs <url> <out.png> [width]`.
// FULL=1 scrolls through the page first (lazy pictures load) and captures it whole; TOKEN/ROLE/USERID sign in.
import { chromium } from 'playwright-core';

const [, , url, out, width = '1280'] = process.argv;
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
if (process.env.TOKEN) {
  await page.addInitScript(
    ([token, role, userId]) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('role', role);
      localStorage.setItem('userID', userId);
    },
    [process.env.TOKEN, process.env.ROLE ?? 'user', process.env.USERID ?? ''],
  );
}
await page.goto(url, { waitUntil: 'networkidle' });
if (process.env.FULL === '1') {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(250);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log(`${await page.title()} → ${out}`);
await browser.close();
