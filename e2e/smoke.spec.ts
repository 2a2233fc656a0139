import { expect, test } from './fixtures.ts';

test.describe('the app shell', () => {
  test('serves the home page and an honest not-found page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Statewise/);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'This page is not here' })).toBeVisible();
  });

  test('serves the production build of the web app whatever NODE_ENV the server runs with', async ({ page, request }) => {
    const devWarnings: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('React DevTools')) devWarnings.push(m.text());
    });
    await page.goto('/');
    await expect(page).toHaveTitle(/Statewise/);
    const html = await (await request.get('/')).text();
    const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
    expect(entry).toBeTruthy();
    const js = await (await request.get(entry!)).text();
    // React's development build carries its warnings' texts; the production build does not
    expect(js).not.toContain('is not a function. This is likely a bug in React');
    expect(js).not.toMatch(/react\.development|Download the React DevTools/);
    expect(devWarnings).toEqual([]);
  });

  test('runs under the Content-Security-Policy without a single violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Statewise' }).first().waitFor();
    await page.goto('/FAQ');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
