import { expect, test } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';

/*
 * Browsing in the browser (issue 2): home, shop-by tabs, listings with their filters in the address bar, search
 * with suggestions, and the phone layout's filter dialog — against the real server and its seeded catalogue.
 * Expectations come from the catalogue API, so they hold for any seed.
 */

async function apiData<T>(request: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await request.get(`/api/${path}`) : await request.post(`/api/${path}`, { data: body });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

interface Named {
  name: string;
  slug: string;
}

test.describe('home', () => {
  test('shows the categories and the states from the catalogue, in that order, with links to their listings', async ({ page, request }) => {
    const categories = await apiData<Named[]>(request, 'category/list', {});
    const states = await apiData<Named[]>(request, 'state/list', {});
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(states.length).toBe(36);

    await page.goto('/');
    const categorySection = page.getByRole('region', { name: 'Shop by Category' });
    const first = categorySection.getByRole('link', { name: categories[0]!.name, exact: true });
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('href', `/products/${categories[0]!.slug}`);
    await expect(categorySection.getByRole('link')).toHaveCount(categories.length + 1); // + View all
    await expect(categorySection.getByText('Combo', { exact: true })).toHaveCount(0);

    const stateSection = page.getByRole('region', { name: 'Shop by States' });
    await expect(stateSection.getByRole('link', { name: new RegExp(`^${states[0]!.name}`) })).toHaveAttribute('href', `/shop-by-state/${states[0]!.slug}`);

    // the sections come in the spec's order
    await expect(page.getByRole('heading', { name: 'Top Selling' })).toBeVisible();
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    const order = ['Shop by Category', 'Shop by States', 'Curated Collections', 'Shop by Style', 'Meet Our Stalwarts', 'Trending Now', 'Crazy Deals', 'Top Selling'];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);

    // a category leads to its listing
    await first.click();
    await expect(page).toHaveURL(`/products/${categories[0]!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: categories[0]!.name })).toBeVisible();
  });
});

test.describe('shop-by tabs', () => {
  test('LOAD MORE doubles the cards, and the regions tab has the Pan India coverage dialog', async ({ page }) => {
    await page.goto('/shop-by/region');
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(12);
    await expect(page.getByText('Showing 12 of 36')).toBeVisible();
    await page.getByRole('button', { name: 'LOAD MORE' }).click();
    await expect(cards).toHaveCount(24);
    await page.getByRole('button', { name: 'LOAD MORE' }).click();
    await expect(cards).toHaveCount(36);
    await expect(page.getByRole('button', { name: 'LOAD MORE' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Pan India coverage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pan India coverage' });
    await expect(dialog).toContainText('15+');
    await expect(dialog).toContainText('72K');
    await expect(dialog).toContainText('1.5M');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.getByRole('link', { name: 'Styles' }).first().click();
    await expect(page).toHaveURL('/shop-by/style');
    await expect(cards).toHaveCount(12);
  });
});

test.describe('listing filters', () => {
  test('a filter rewrites the address, changes the grid and goes back to page 1', async ({ page, request }) => {
    const all = await apiData<{ total: number }>(request, 'product/list', { page: 1, pageSize: 16 });
    const sized = await apiData<{ total: number }>(request, 'product/list', { page: 1, pageSize: 16, size: ['m'] });
    expect(sized.total).toBeLessThan(all.total);
    const count = (n: number) => n.toLocaleString('en-IN');

    await page.goto('/products/?page=2');
    await expect(page.getByText(`Showing 17–32 of ${count(all.total)} products`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: /^m$/i }).click();
    await expect(page).toHaveURL('/products/?size=m');
    await expect(page.getByText(`Showing 1–16 of ${count(sized.total)} products`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Remove Size M' })).toBeVisible();

    // a sort joins the address; removing the chip takes it out again
    await page.getByRole('radio', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL('/products/?priceSort=1&size=m');
    await expect(page.getByRole('radio', { name: 'Price: low to high' })).toBeChecked();
    const firstPrices = () =>
      page
        .getByRole('main')
        .getByRole('link', { name: /₹/ })
        .evaluateAll((links) => links.slice(0, 6).map((l) => Number(/₹([\d,]+)/.exec(l.textContent ?? '')![1]!.replace(/,/g, ''))));
    const ascending = (p: number[]) => p.every((v, i) => i === 0 || p[i - 1]! <= v);
    await expect.poll(async () => ascending(await firstPrices())).toBe(true);
    await page.getByRole('button', { name: 'Remove Size M' }).click();
    await expect(page).toHaveURL('/products/?priceSort=1');
  });

  test('a state listing shows its slogan and an unknown category is a missing page', async ({ page, request }) => {
    const states = await apiData<Array<Named & { slogan: string }>>(request, 'state/list', {});
    await page.goto(`/shop-by-state/${states[0]!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: states[0]!.name })).toBeVisible();
    await expect(page.getByText(states[0]!.slogan)).toBeVisible();

    await page.goto('/products/no-such-category');
    await expect(page.getByRole('heading', { name: 'This page is not here' })).toBeVisible();
  });
});

test.describe('search', () => {
  test('suggestions appear as the shopper types and Enter leads to the search results', async ({ page, request }) => {
    const suggestions = await apiData<Named[]>(request, 'product/search-sugggestion', { search: 'banarasi' });
    expect(suggestions.length).toBeGreaterThan(0);

    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('banarasi');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options).toHaveCount(suggestions.length);
    for (const text of await options.allTextContents()) expect(text.length).toBeLessThanOrEqual(58); // 55 + '...'

    await box.press('Enter');
    await expect(page).toHaveURL('/search?search=banarasi');
    await expect(page.getByRole('heading', { level: 1, name: '“banarasi”' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /banarasi/i }).first()).toBeVisible();

    // arrows pick a suggestion, Enter opens its product
    await box.fill('');
    await box.fill('banarasi');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(`/product/${suggestions[0]!.slug}`);
  });

  test('a search that matches nothing says No Product Found', async ({ page }) => {
    await page.goto('/search?search=qqqqzzzzxxxx');
    await expect(page.getByText('No Product Found')).toBeVisible();
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the filters open as a dialog and Load more appends the next page', async ({ page }) => {
    await page.goto('/products/');
    await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
    const cards = page.getByRole('main').getByRole('link', { name: /₹/ });
    await expect(cards).toHaveCount(16);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(32);

    await page.getByRole('button', { name: /^Filter/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: '30% or more' }).click();
    await expect(page).toHaveURL('/products/?discount=30');
    await expect(dialog.getByRole('radio', { name: '30% or more' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Show products' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
  });

  test('the menu opens as a drawer with expandable categories', async ({ page, request }) => {
    const categories = await apiData<Array<Named & { subcategory: Array<{ subcategoryName: string; slug: string }> }>>(request, 'category/list', {});
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Become a Seller' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Categories' }).click();
    await drawer.getByRole('button', { name: `${categories[0]!.name} subcategories` }).click();
    const sub = categories[0]!.subcategory[0]!;
    await drawer.getByRole('link', { name: sub.subcategoryName }).click();
    await expect(page).toHaveURL(`/products/${categories[0]!.slug}/${sub.slug}`);
    await expect(drawer).toHaveCount(0);
  });
});
