import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3150';
const pages = (process.env.PAGES ?? '/,/products/sarees,/product/rani-pink-banarasi-brocade-achkan-sherwani-with-safa,/search?search=saree,/stalwart-page,/community,/faq,/watch-and-shop,/shop-by/category,/product/nope-xyz').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const width of (process.env.WIDTHS ?? '390').split(',').map(Number)) {
  const ctx = await browser.newContext({ viewport: { width, height: 844 } });
  for (const p of pages) {
    const page = await ctx.newPage();
    const errs = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errs.push(m.type() + ': ' + m.text().slice(0, 3000)); });
    page.on('response', (r) => { if (r.status() >= 400) errs.push(r.status() + ' ' + r.url()); });
    page.on('pageerror', (e) => errs.push('pageerror: ' + e.message.slice(-2500)));
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    if (process.env.SHOTS) await page.screenshot({ path: `/tmp/shots/${width}-${p.replace(/[^a-z0-9]/gi, '_')}.png` });
    console.log(width, p, errs.length ? errs : 'clean');
    await page.close();
  }
  await ctx.close();
}
await browser.close();
