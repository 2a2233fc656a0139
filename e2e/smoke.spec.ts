import { expect, test } from '@playwright/test';

test.describe('the app shell', () => {
  test('serves the home page and an honest not-found page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Statewise/);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'This page is not here' })).toBeVisible();
  });
});
