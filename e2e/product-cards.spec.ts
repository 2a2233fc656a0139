import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Card, createUser, loginInDialog } from './helpers.ts';

/*
 * Product cards (issue 9): a wishlist heart and the rating on every card, and sold-out products after the
 * available ones. The demo catalogue has reviews on its best sellers and one product in twenty sold out.
 */

const PAGE = 16; // PAGE_SIZE.listing

async function categories(request: APIRequestContext): Promise<Array<{ _id: string; slug: string }>> {
  return (await (await request.post('/api/category/list', { data: {} })).json()).data;
}

/** Every card of a category listing, in the listing's order. */
async function allCards(request: APIRequestContext, categoryId: string): Promise<Card[]> {
  const out: Card[] = [];
  for (let page = 1; page <= 20; page++) {
    const data = (await (await request.post('/api/product/list', { data: { categoryId, page, pageSize: 100 } })).json()).data;
    out.push(...(data.products as Card[]));
    if (out.length >= data.total) break;
  }
  return out;
}

/** The cards of the product grid as shown: each one's product link and whether it says Out of stock. */
function gridCards(page: Page) {
  return page.locator('li:has(> div > a[href^="/product/"])');
}

test.describe('product cards', () => {
  test('a listing shows a heart on every card and the rating on reviewed ones', async ({ page, request }) => {
    let found: { slug: string; card: Card } | undefined;
    for (const c of await categories(request)) {
      const first = (await (await request.post('/api/product/list', { data: { categoryId: c._id, page: 1, pageSize: PAGE } })).json()).data.products as Card[];
      const card = first.find((p) => p.reviewsCount > 0);
      if (card) {
        found = { slug: c.slug, card };
        break;
      }
    }
    expect(found, 'a category whose first page has a reviewed product').toBeTruthy();
    await page.goto(`/products/${found!.slug}`);
    const cards = gridCards(page);
    await expect(cards.first()).toBeVisible();
    const n = await cards.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) await expect(cards.nth(i).getByRole('button', { name: /^Wishlist / })).toHaveAttribute('aria-pressed', 'false');

    const { card } = found!;
    const reviewed = page.locator(`li:has(> div > a[href="/product/${card.slug}"])`);
    await expect(reviewed.getByText(`Rated ${card.rating.toFixed(1)} out of 5 from ${card.reviewsCount} review`)).toBeAttached();
    await expect(reviewed.getByText('★')).toBeVisible();
    await expect(reviewed.getByText(card.rating.toFixed(1), { exact: true })).toBeVisible();
    await expect(reviewed.getByText(`(${card.reviewsCount})`)).toBeVisible();
  });

  test('a guest’s heart keeps the product in the guest wishlist, and the wishlist shows it after login', async ({ page, request }) => {
    const me = await createUser(request, 'Card', 'Hearts');
    const [first] = await categories(request);
    await page.goto(`/products/${first!.slug}`);
    const cards = (await allCards(request, first!._id)).slice(0, PAGE);
    const card = cards.find((c) => c.inStock && !c.isColorOptions)!;
    const heart = page.locator(`li:has(> div > a[href="/product/${card.slug}"])`).getByRole('button', { name: `Wishlist ${card.name}` });
    await heart.click();
    await expect(page.getByText('Log in to keep this in your wishlist')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestWishlist') ?? '[]'))).toEqual([
      { productId: card._id, isColorOptions: false, color: null, image: null },
    ]);
    await loginInDialog(page, me.mobile);
    await expect(page.getByRole('link', { name: 'Wishlist, 1' })).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
    await expect(page.locator(`main a[href="/product/${card.slug}"]`).first()).toBeAttached();
    await expect(page.getByText('1 item')).toBeVisible();
  });

  test('sold-out cards come after every available one', async ({ page, request }) => {
    // A category whose listing has sold-out products; the page where they start shows the boundary.
    let target: { slug: string; page: number; cards: Card[] } | undefined;
    for (const c of await categories(request)) {
      const cards = await allCards(request, c._id);
      const firstSoldOut = cards.findIndex((p) => !p.inStock);
      if (firstSoldOut < 0) continue;
      // the API's order: never an available product after a sold-out one
      expect(cards.slice(firstSoldOut).every((p) => !p.inStock)).toBe(true);
      if (firstSoldOut % PAGE === 0) continue; // the boundary falls between pages: look for one inside a page
      const pageNo = Math.floor(firstSoldOut / PAGE) + 1;
      target = { slug: c.slug, page: pageNo, cards: cards.slice((pageNo - 1) * PAGE, pageNo * PAGE) };
      break;
    }
    expect(target, 'a category listing with available and sold-out products on one page').toBeTruthy();
    await page.goto(`/products/${target!.slug}${target!.page > 1 ? `?page=${target!.page}` : ''}`);
    const cards = gridCards(page);
    await expect(cards).toHaveCount(target!.cards.length);
    const shown: boolean[] = [];
    for (let i = 0; i < target!.cards.length; i++) shown.push((await cards.nth(i).getByText('Out of stock').count()) > 0);
    const firstOut = shown.indexOf(true);
    expect(firstOut).toBeGreaterThan(0);
    expect(shown.slice(0, firstOut).every((out) => !out)).toBe(true);
    expect(shown.slice(firstOut).every((out) => out)).toBe(true);
  });
});
