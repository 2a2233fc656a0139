import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, loginInDialog, screenshotsAt, writeSession } from './helpers.ts';

/*
 * Watch and shop (issue 14): the demo clips (made at seed time and transcoded by the video pipeline in the
 * background) play one at a time in the vertical feed; Shop Now adds a sized product to the cart; a guest's buy-now
 * asks to log in and continues to the buy-now checkout.
 */

interface FeedVideo {
  _id: string;
  productId: { _id: string; name: string; isFreeSize: boolean; isColorOptions: boolean; sizeInventory: { size: string; quantity: number }[] }[];
}

/** The feed once at least `n` demo clips are ready (the worker transcodes them after the server starts). */
async function readyFeed(request: APIRequestContext, n: number): Promise<FeedVideo[]> {
  for (let i = 0; i < 180; i++) {
    const body = await (await request.post('/api/video/list', { data: { page: 1 } })).json();
    if (body.data.total >= n) return body.data.videos as FeedVideo[];
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`Fewer than ${n} videos became ready`);
}

/** A video with a sized product in stock, and that product and a size of it. */
function sizedChoice(videos: FeedVideo[]) {
  for (const video of videos) {
    for (const [index, product] of video.productId.entries()) {
      const size = !product.isFreeSize && !product.isColorOptions ? product.sizeInventory.find((s) => s.quantity > 0) : undefined;
      if (size) return { video, product, index, size: size.size };
    }
  }
  throw new Error('No video has a sized product in stock');
}

const videoAt = (page: Page, i: number) => page.locator(`article[data-video-index="${i}"] video`);
const playing = (page: Page, i: number) => videoAt(page, i).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0);
const paused = (page: Page, i: number) => videoAt(page, i).evaluate((v: HTMLVideoElement) => v.paused);

test.describe('watch and shop', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    await readyFeed(request, 2);
  });

  test('the feed plays the first video muted; scrolling plays the next and pauses the previous', async ({ page }) => {
    await page.goto('/watch-and-shop');
    await expect(page.locator('article[data-video-index]').first()).toBeVisible();
    await expect.poll(() => playing(page, 0), { timeout: 15_000 }).toBe(true);
    expect(await videoAt(page, 0).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    // only the one on screen loads fully; the next two their first seconds once it shows a frame; the rest nothing
    await expect(videoAt(page, 1)).toHaveAttribute('preload', 'metadata');
    const count = await page.locator('article[data-video-index]').count();
    if (count > 3) expect(await videoAt(page, 3).getAttribute('preload')).toBe('none');
    // no floating support widget on this route
    await expect(page.getByRole('button', { name: /support|chat with us|digi/i })).toHaveCount(0);

    await page.getByRole('button', { name: 'Unmute' }).first().click();
    await expect(page.getByRole('button', { name: 'Mute' }).first()).toBeVisible();

    await page.getByLabel('Videos', { exact: true }).evaluate((el) => el.scrollBy({ top: el.clientHeight }));
    await expect.poll(() => playing(page, 1), { timeout: 15_000 }).toBe(true);
    expect(await paused(page, 0)).toBe(true);
    await screenshotsAt(page, process.env.WATCH_SHOTS, 'feed');
  });

  test('Shop Now asks for a size, then adds the sized product to the cart', async ({ page, request }) => {
    const choice = sizedChoice(await readyFeed(request, 2));
    await page.goto(`/watch-and-shop?video=${choice.video._id}`);
    // the chosen video is moved to the front
    await expect(page.locator('article[data-video-index="0"] video')).toHaveAttribute('src', /\.mp4$/);
    const first = page.locator('article[data-video-index="0"]');
    await first.getByRole('button', { name: 'Shop Now' }).click();
    const panel = page.getByRole('dialog', { name: 'Shop Now' });
    await expect(panel).toBeVisible();
    if (choice.video.productId.length > 1) await panel.getByRole('button', { name: choice.product.name, exact: true }).click();
    await panel.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please select product size');
    await panel.getByRole('button', { name: choice.size, exact: true }).click();
    await screenshotsAt(page, process.env.WATCH_SHOTS, 'shop-now');
    await panel.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(panel).toBeHidden();
    const drawer = page.getByRole('dialog', { name: /Your Cart/ });
    await expect(drawer).toContainText(choice.product.name.slice(0, 20));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('myData') ?? '[]') as { _id: string; size: string; quantity: number }[]);
    expect(stored).toEqual([expect.objectContaining({ _id: choice.product._id, size: choice.size, quantity: 1 })]);
  });

  test('a guest’s buy-now asks to log in and continues to the buy-now checkout', async ({ page, request }) => {
    const choice = sizedChoice(await readyFeed(request, 2));
    const user = await createUser(request, 'Video', 'Buyer');
    await page.goto(`/watch-and-shop?video=${choice.video._id}`);
    await page.locator('article[data-video-index="0"]').getByRole('button', { name: 'Shop Now' }).click();
    const panel = page.getByRole('dialog', { name: 'Shop Now' });
    if (choice.video.productId.length > 1) await panel.getByRole('button', { name: choice.product.name, exact: true }).click();
    await panel.getByRole('button', { name: choice.size, exact: true }).click();
    await panel.getByRole('button', { name: 'BUY NOW' }).click();
    await loginInDialog(page, user.mobile);
    await expect(page).toHaveURL(/\/buy-now\/checkout$/);
    // the one-line order of the chosen product waits there
    await expect(page.getByText('Subtotal (1 item)')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('buyNowItem') ?? 'null'))).toMatchObject({ productId: choice.product._id, size: choice.size, quantity: 1 });
  });

  test('the admin uploads a video, follows it to ready, maps a product with a highlight time, hides it and deletes it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const [feedVideo] = await readyFeed(request, 1);
    const clip = await (await request.get((await (await request.post('/api/video/list', { data: { videoId: feedVideo!._id } })).json()).data.videos[0].video)).body();
    const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000001', password: 'Statewise@123' } })).json();
    await writeSession(page, { accessToken: login.data.accessToken, userId: login.data.user._id }, 'admin');
    await page.goto('/admin/videos');
    await expect(page.getByRole('heading', { name: 'Watch & Shop', level: 1 })).toBeVisible();

    const title = `Bagru block printing ${Date.now()}`;
    await page.getByLabel('Video file').setInputFiles({ name: 'bagru.mp4', mimeType: 'video/mp4', buffer: clip });
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const row = page.getByRole('listitem', { name: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('video-state')).toHaveText('Ready', { timeout: 90_000 });

    await row.getByRole('button', { name: 'Products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Products in this video' });
    await dialog.getByLabel('Add a product').fill(feedVideo!.productId[0]!.name.slice(0, 12));
    await dialog.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
    await dialog.getByLabel(/Highlight time of/).first().fill('1.5');
    await dialog.getByRole('button', { name: 'Save products' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('(at 1.5s)');

    await row.getByRole('button', { name: 'Hide' }).click();
    await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
    await screenshotsAt(page, process.env.WATCH_SHOTS, 'admin-videos');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete video' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });
});
