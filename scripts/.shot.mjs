import { chromium } from 'playwright-core';
const [,, url, out, width] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const p = await b.newPage({ viewport: { width: Number(width||1280), height: 900 } });
p.on('pageerror', e => console.log('pageerror:', e.message));
if (process.env.TOKEN) await p.addInitScript(([t, r, u]) => { localStorage.setItem('accessToken', t); localStorage.setItem('role', r); localStorage.setItem('userID', u); }, [process.env.TOKEN, process.env.ROLE || 'user', process.env.USERID || '']);
await p.goto(url, { waitUntil: 'networkidle' });
if (process.env.FULL === '1') {
  const h = await p.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < h; y += 600) { await p.evaluate((y) => window.scrollTo(0, y), y); await p.waitForTimeout(250); }
  await p.waitForLoadState('networkidle'); await p.evaluate(() => window.scrollTo(0, 0)); await p.waitForTimeout(800);
}
await p.waitForTimeout(500);
await p.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log(await p.title());
await b.close();
