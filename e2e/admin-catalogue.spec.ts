import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { screenshotsAt } from './helpers.ts';

/**
 * The admin console's catalogue (issue 11): the demo admin replaces a home banner's picture and hides a category,
 * and the public home shows the new banner and no longer lists the category. The test makes its own banner and
 * category (through the API) so the demo's stay as other tests expect them. ADMINCAT_SHOTS=dir saves the screens.
 */
const SHOTS = process.env.ADMINCAT_SHOTS;

const picture = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

async function adminLogin(request: APIRequestContext) {
  const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000001', password: 'Statewise@123' } })).json();
  expect(login.success, login.message).toBe(true);
  return { accessToken: login.data.accessToken as string, userId: login.data.user._id as string };
}

async function useAdminSession(page: Page, login: { accessToken: string; userId: string }) {
  await page.goto('/');
  await page.evaluate(({ accessToken, userId }) => {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('userID', userId);
    localStorage.setItem('role', 'admin');
  }, login);
}

test('the admin replaces a banner’s picture and hides a category; the home page shows the banner and drops the category', async ({ page, request }) => {
  const login = await adminLogin(request);
  const headers = { authorization: `Bearer ${login.accessToken}` };
  const tag = Date.now().toString(36);
  const categoryName = `Kalamkari ${tag}`;
  const bannerTitle = `Monsoon sale ${tag}`;

  const category = await request.post('/api/admin/catalogue/categories', { headers, data: { name: categoryName } });
  expect(category.status()).toBe(201);
  const banner = await request.post('/api/admin/catalogue/banners', {
    headers,
    multipart: {
      placement: 'home',
      name: bannerTitle,
      link: '/products/',
      image: { name: 'wide.png', mimeType: 'image/png', buffer: await picture(1600, 600, [30, 80, 160]) },
      mobileImage: { name: 'tall.png', mimeType: 'image/png', buffer: await picture(800, 800, [30, 80, 160]) },
    },
  });
  expect(banner.status()).toBe(201);

  // the home lists the new category
  await page.goto('/');
  await expect(page.locator('main').getByRole('link', { name: categoryName })).toBeVisible();

  await useAdminSession(page, login);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue' })).toBeVisible();

  // the banner: a new desktop picture, previewed before saving
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Banners' }).click();
  const row = page.getByRole('listitem', { name: bannerTitle });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${bannerTitle}` });
  await dialog.getByLabel('Desktop picture', { exact: true }).setInputFiles({ name: 'festive.png', mimeType: 'image/png', buffer: await picture(1600, 600, [200, 120, 20]) });
  await expect(dialog.getByRole('img', { name: 'Desktop picture preview' })).toHaveAttribute('src', /^blob:/);
  await screenshotsAt(page, SHOTS, 'admin-catalogue-banner-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved')).toBeVisible();
  const saved = (await (await request.get('/api/admin/catalogue/banners', { headers })).json()).data.find((b: { name: string }) => b.name === bannerTitle);
  expect(saved.image).not.toBe((await banner.json()).data.image);
  expect(saved.image).toMatch(/\/uploads\/catalogue\/banners\/.+\.webp$/);
  await screenshotsAt(page, SHOTS, 'admin-catalogue-banners');

  // the category: hidden from the list
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Categories', exact: true }).click();
  const catRow = page.getByRole('listitem', { name: categoryName });
  await catRow.getByRole('button', { name: 'Hide' }).click();
  await expect(catRow.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(catRow.getByRole('button', { name: 'Show' })).toBeVisible();
  await screenshotsAt(page, SHOTS, 'admin-catalogue-categories');

  // the public home, loaded afresh: the new banner picture is in the carousel, the category is gone
  await page.goto('/');
  await expect(page.locator(`main picture source[srcset="${saved.image}"]`)).toHaveCount(1);
  // once the categories are drawn (the first of the public list is there), the hidden one is not
  const shown = (await (await request.post('/api/category/list', { data: {} })).json()).data as { name: string }[];
  expect(shown.map((c) => c.name)).not.toContain(categoryName);
  await expect(page.locator('main').getByRole('link', { name: shown[0]!.name, exact: true })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: categoryName })).toHaveCount(0);

  // the change is in the audit log
  const audit = (await (await request.get('/api/admin/audit?entity=banner', { headers })).json()).data.entries as { action: string; entityId: string }[];
  expect(audit.some((e) => e.action === 'update' && e.entityId === saved._id)).toBe(true);
});

test('the catalogue screens fit a phone: rows wrap, a crazy deal is added with its picture, the trending tab toggles a product', async ({ page, request }) => {
  const login = await adminLogin(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await useAdminSession(page, login);
  await page.goto('/admin/catalogue/states');
  await expect(page.getByRole('list', { name: 'States' }).getByRole('listitem').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshotsAt(page, SHOTS, 'admin-catalogue-states');

  // a crazy deal added from the phone, with its picture, shows on the home page's deals
  const dealTitle = `Flat 35% ${Date.now().toString(36)}`;
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Crazy deals' }).click();
  await page.getByRole('button', { name: 'Add crazy deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a crazy deal' });
  await dialog.getByLabel('Title', { exact: true }).fill(dealTitle);
  await dialog.getByLabel('Discount (%)').fill('35');
  await dialog.getByLabel('Link', { exact: true }).fill('/products/?discount=35');
  await dialog.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'deal.png', mimeType: 'image/png', buffer: await picture(1200, 600, [120, 30, 90]) });
  await screenshotsAt(page, SHOTS, 'admin-catalogue-deal-dialog');
  await dialog.getByRole('button', { name: 'Add crazy deal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: dealTitle })).toBeVisible();
  const deals = (await (await request.get('/api/crazydeals')).json()).data as { title: string; image: string }[];
  expect(deals.find((d) => d.title === dealTitle)?.image).toMatch(/\/uploads\/catalogue\/crazy-deals\/.+\.webp$/);

  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Trending' }).click();
  await page.getByLabel('Trending only').uncheck();
  const first = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  await expect(first).toBeVisible();
  const toggle = first.getByRole('button', { name: /^Trending:/ });
  const before = await toggle.getAttribute('aria-pressed');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', before ?? 'false');
  await screenshotsAt(page, SHOTS, 'admin-catalogue-trending');
});
