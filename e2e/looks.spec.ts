import { expect, test } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';
import { findProduct } from './helpers.ts';

/*
 * Looks and small things (issue 9): one floating support button kept off the cart and checkout, the phone's sticky
 * Add to cart / Buy now bar, sizes in upper case, search results with the listings' filters and sorts, separate
 * Sort and Filter buttons on phones, and filter lists that show all their options.
 */

async function apiData<T>(request: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await request.get(`/api/${path}`) : await request.post(`/api/${path}`, { data: body });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const isSized = (p: { isFreeSize: boolean; isColorOptions: boolean }) => !p.isFreeSize && !p.isColorOptions;

test.describe('the floating support button', () => {
  test('is one button whose dialog links to the community, and is absent on the cart and the checkout', async ({ page }) => {
    await page.goto('/products/');
    const support = page.getByRole('button', { name: 'Help and support' });
    await expect(support).toBeVisible();
    // one floating control: the community has no floating button of its own any more
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const floating = await page.evaluate(() =>
      Array.from(document.querySelectorAll('a, button'))
        .filter((el) => el.getClientRects().length > 0)
        .filter((el) => {
          for (let n: Element | null = el; n; n = n.parentElement) if (getComputedStyle(n).position === 'fixed') return !n.closest('header');
          return false;
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent),
    );
    expect(floating).toEqual(['Help and support']);
    // at the page's end, where the footer keeps its room: over the grid it may have stepped aside from a card's heart
    await page.keyboard.press('End');
    await expect(support).toBeInViewport();
    await support.click();
    const dialog = page.getByRole('dialog', { name: 'Chat with Digi' });
    await dialog.getByRole('link', { name: 'Visit the community' }).click();
    await expect(page).toHaveURL('/community');
    await expect(page.getByRole('button', { name: 'Help and support' })).toBeVisible();

    for (const path of ['/cart', '/checkout', '/guestCheckoutCart', '/guestCheckout']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Help and support' }), path).toHaveCount(0);
    }
  });
});

test.describe('the floating support button on a laptop screen (1280 × 844)', () => {
  test.use({ viewport: { width: 1280, height: 844 } });

  test('steps aside while a control lies under it, such as the pincode Check, and comes back at the page end', async ({ page, request }) => {
    const product = await findProduct(request, () => true, (c) => c.inStock);
    await page.goto(`/product/${product.slug}`);
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await expect(check).toBeVisible();
    const help = page.getByRole('button', { name: 'Help and support' });
    await expect(help).toBeAttached();
    // the spot stays put while the button slides away: the button's wrapper
    const spot = (await help.locator('..').boundingBox())!;

    // bring the Check button's middle under the spot
    const box = (await check.boundingBox())!;
    await page.mouse.wheel(0, box.y + box.height / 2 - (spot.y + spot.height / 2));
    await expect.poll(async () => {
      const b = (await check.boundingBox())!;
      return Math.abs(b.y + b.height / 2 - (spot.y + spot.height / 2)) < 12;
    }).toBe(true);
    await expect(help).not.toBeInViewport();
    // a shopper's tap on Check reaches Check
    const reached = await check.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(reached).toBe(true);
    await page.getByPlaceholder('Enter pincode').fill('302001');
    await check.click();
    await expect(page.getByPlaceholder('Enter pincode')).toHaveValue('302001');

    // the footer keeps room for it at the page's end: it is back there
    await page.keyboard.press('End');
    await expect(help).toBeInViewport();
    await help.click();
    await expect(page.getByRole('dialog', { name: 'Chat with Digi' })).toBeVisible();
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the product page keeps Add to cart and Buy now in a bar at the bottom, which adds to the cart, with sizes in upper case', async ({ page, request }) => {
    const product = await findProduct(request, (p) => isSized(p) && p.sizeInventory.some((s) => s.size === 'l' && s.quantity >= 2), (c) => isSized(c) && c.inStock);
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    // sizes read in upper case: a lone "l" is "L", never a look-alike of "I"
    const sizes = page.getByRole('group', { name: 'Select size' }).getByRole('button');
    const labels = (await sizes.allTextContents()).map((t) => t.trim());
    expect(labels).toEqual(product.sizeInventory.map((s) => s.size.toUpperCase()));
    await expect(page.getByRole('button', { name: 'Size L', exact: true })).toHaveText('L');
    await page.getByRole('button', { name: 'Size L', exact: true }).click();

    // the bar is fixed to the bottom of the screen, and the support button sits above it
    const bar = page.getByRole('region', { name: 'Buy this product' });
    await expect(bar).toBeVisible();
    await page.mouse.wheel(0, 2500);
    await expect(bar).toBeInViewport();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(844, 0);
    const supportBox = (await page.getByRole('button', { name: 'Help and support' }).boundingBox())!;
    expect(supportBox.y + supportBox.height).toBeLessThanOrEqual(barBox.y);

    await bar.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Cart (1)' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('myData') ?? '[]') as Array<{ _id: string; size: string; quantity: number }>);
    expect(stored).toEqual([expect.objectContaining({ _id: product._id, size: 'l', quantity: 1 })]);
  });

  test('a listing has separate Sort and Filter buttons: Sort applies at once, Filter opens the filters', async ({ page }) => {
    await page.goto('/products/');
    await expect(page.getByRole('main').getByRole('link', { name: /₹/ })).toHaveCount(16);

    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Sort by' });
    await sheet.getByRole('radio', { name: 'Price: low to high' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL('/products/?priceSort=1');
    const prices = page.getByRole('main').getByRole('link', { name: /₹/ });
    await expect(prices).toHaveCount(16);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog.getByRole('radio', { name: 'Price: low to high' })).toHaveCount(0);
    await dialog.getByRole('radio', { name: '20% or more' }).click();
    await expect(page).toHaveURL('/products/?discount=20&priceSort=1');
    await dialog.getByRole('button', { name: 'Show products' }).click();
    await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
  });
});

test.describe('search results', () => {
  test('can be filtered and sorted like a listing, with the address bar following', async ({ page, request }) => {
    const all = await apiData<{ total: number }>(request, 'product/list', { page: 1, pageSize: 16, search: 'saree' });
    const sized = await apiData<{ total: number; products: Array<{ offeredPrice: number }> }>(request, 'product/list', {
      page: 1,
      pageSize: 16,
      search: 'saree',
      size: ['m'],
      priceSort: 1,
    });
    expect(sized.total).toBeGreaterThan(0);
    expect(sized.total).toBeLessThan(all.total);

    await page.goto('/search?search=saree');
    await expect(page.getByRole('heading', { level: 1, name: '“saree”' })).toBeVisible();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('button', { name: /^m$/i }).click();
    await expect(page).toHaveURL('/search?search=saree&size=m');
    await filters.getByRole('radio', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL('/search?search=saree&priceSort=1&size=m');
    await expect(page.getByText(`of ${sized.total.toLocaleString('en-IN')} product`)).toBeVisible();
    const first = page.getByRole('main').getByRole('link', { name: /₹/ }).first();
    await expect(first).toContainText(`₹${sized.products[0]!.offeredPrice.toLocaleString('en-IN')}`);

    // an address with filters opens them applied; Clear all keeps the search
    await page.reload();
    await expect(filters.getByRole('radio', { name: 'Price: low to high' })).toBeChecked();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL('/search?search=saree');
  });
});

test.describe('filter lists', () => {
  test('show every category, and every style after Show all, with no scroll box', async ({ page, request }) => {
    const categories = await apiData<Array<{ name: string }>>(request, 'category/list', {});
    const styles = await apiData<Array<{ name: string }>>(request, 'style/list', {});
    await page.goto('/products/');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const categoryGroup = filters.getByRole('group', { name: 'Category' });
    for (const c of categories) await expect(categoryGroup.getByRole('radio', { name: c.name, exact: true })).toBeVisible();

    const styleGroup = filters.getByRole('group', { name: 'Style' });
    await styleGroup.getByRole('button', { name: `Show all ${styles.length} styles` }).click();
    for (const s of styles) await expect(styleGroup.getByRole('radio', { name: s.name, exact: true })).toBeVisible();
    // nothing is hidden inside a box that scrolls on its own
    const scrollBoxes = await filters.evaluate((el) => Array.from(el.querySelectorAll('*')).filter((n) => n.scrollHeight > n.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(n).overflowY)).length);
    expect(scrollBoxes).toBe(0);
  });
});
