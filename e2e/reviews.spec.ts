import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { createUser, signIn } from './helpers.ts';

/*
 * Reviews in the browser (issue 5): a signed-in shopper writes a review from the product page, sees it there,
 * and deletes it. Each test makes its own account (the demo accounts' OTP logins are other specs' business).
 */

/** The newest product of the catalogue (any product can be reviewed once by a new account). */
async function someProduct(page: Page): Promise<{ _id: string; slug: string; name: string }> {
  const list = await (await page.request.post('/api/product/list', { data: { page: 1, pageSize: 1 } })).json();
  return list.data.products[0];
}

test.describe('reviews', () => {
  test('a review written and deleted', async ({ page, request }) => {
    const user = await createUser(request, 'Meera', 'Iyer');
    const product = await someProduct(page);
    await signIn(page, user);

    await page.goto(`/product/${product.slug}`);
    const section = page.getByRole('region', { name: 'Customer reviews' });
    await expect(section).toBeVisible();
    await section.getByRole('link', { name: 'Write Review' }).click();
    await expect(page).toHaveURL(`/write-review/${product._id}/${user.userId}`);
    await expect(page.getByRole('heading', { name: 'Write a review' })).toBeVisible();
    await expect(page.getByRole('link', { name: product.name })).toBeVisible();

    // nothing chosen or typed: both messages, nothing sent
    await page.getByRole('button', { name: 'SUBMIT REVIEW' }).click();
    await expect(page.getByText('Please select a rating')).toBeVisible();
    await expect(page.getByText('Please write your review')).toBeVisible();

    // the stars work from the keyboard: one star, then three steps right
    await page.getByRole('radio', { name: '1 star, Poor' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
    await page.getByLabel('Your review').fill('  Lovely weave and the colour is exactly as shown.  ');
    await page.getByRole('button', { name: 'SUBMIT REVIEW' }).click();

    // thanks, and back to the product page, where the review now shows as the viewer's own
    await expect(page.getByText('Thanks for your review!')).toBeVisible();
    await expect(page).toHaveURL(`/product/${product.slug}`);
    const mine = section.getByTestId('review').filter({ hasText: 'Meera Iyer' });
    await expect(mine).toContainText('Lovely weave and the colour is exactly as shown.');
    await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Edit your review' })).toBeVisible();
    // only one's own review carries the delete icon
    await expect(section.getByRole('button', { name: 'Delete your review' })).toHaveCount(1);

    await mine.getByRole('button', { name: 'Delete your review' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your review?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product Review has been removed !')).toBeVisible();
    await expect(section.getByTestId('review').filter({ hasText: 'Meera Iyer' })).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Write Review' })).toBeVisible();

    const stored = await (await request.get(`/api/reviews/mine/${product._id}`, { headers: { authorization: `Bearer ${user.accessToken}` } })).json();
    expect(stored.data.review).toBeNull();
  });

  test('a guest who wants to write a review is asked to log in', async ({ page }) => {
    const product = await someProduct(page);
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('region', { name: 'Customer reviews' }).getByRole('button', { name: 'Write Review' }).click();
    await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();
  });
});
