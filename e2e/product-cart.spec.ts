import { expect, test } from './fixtures.ts';
import { createUser, findProduct, loginInDialog, signIn, type CatalogueProduct } from './helpers.ts';

/*
 * The product page and the cart (issue 4): guest cart → drawer → limits → merge at login, out-of-stock options,
 * sharing, and the signed-in drawer's 'Move from Cart'. Products are found through the catalogue API, and every
 * test that needs an account makes its own.
 */

const isSized = (p: { isFreeSize: boolean; isColorOptions: boolean }) => !p.isFreeSize && !p.isColorOptions;

test.describe('guest cart', () => {
  test('guest adds a sized product (size required message first), sees the drawer, changes quantity up to the limit, logs in and finds the line merged into the server cart', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (p) => isSized(p) && p.sizeInventory.some((s) => s.quantity >= 12), (c) => isSized(c) && c.inStock);
    const size = product.sizeInventory.find((s) => s.quantity >= 12)!.size;
    const user = await createUser(request, 'Meera', 'Pillai');

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(`${product.name} | Statewise`);

    // no size yet: the inline message, and nothing is added
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByText('Please select size')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('myData'))).toBeNull();

    await page.getByRole('button', { name: `Size ${size.toUpperCase()}`, exact: true }).click();
    await expect(page.getByText('Please select size')).toHaveCount(0);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();

    // the drawer opens with the line; its title and the badge count pieces (issue 9)
    const drawer = page.getByRole('dialog', { name: /^Your Cart/ });
    await expect(drawer).toHaveAccessibleName('Your Cart (1)');
    const line = drawer.getByRole('article', { name: product.name });
    await expect(line.getByText(`Size: ${size.toUpperCase()}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1' })).toBeAttached();

    // up to 10, and no further
    const plus = line.getByRole('button', { name: 'Increase quantity' });
    const shown = line.getByLabel('Quantity', { exact: true });
    for (let q = 2; q <= 10; q++) {
      await plus.click();
      await expect(shown).toHaveText(String(q));
    }
    // at the limit + is marked aria-disabled but still answers a press with the reason
    await expect(plus).toHaveAttribute('aria-disabled', 'true');
    await plus.click({ force: true });
    await expect(page.getByText('Only 10 quantity can be added')).toBeVisible();
    await expect(shown).toHaveText('10');
    await expect(drawer).toHaveAccessibleName('Your Cart (10)');
    await expect(page.getByRole('link', { name: 'Cart, 10' })).toBeAttached();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('myData') ?? '[]'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: product._id, name: product.name, size, quantity: 10, isFreeSize: false, isColorOptions: false });

    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.goto('/guestCheckoutCart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Guest Checkout' })).toHaveAttribute('href', '/guestCheckout');

    // logging in on the guest cart page merges the cart and goes on to /cart
    await page.getByRole('button', { name: 'Log in' }).click();
    await loginInDialog(page, user.mobile);
    await expect(page).toHaveURL(/\/cart$/);
    const merged = page.getByRole('article', { name: product.name });
    await expect(merged.getByLabel('Quantity', { exact: true })).toHaveText('10');
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(await page.evaluate(() => localStorage.getItem('myData'))).toBeNull();

    const cart = await (await request.get('/api/cart', { headers: { authorization: `Bearer ${user.accessToken}` } })).json();
    expect(cart.data.cartProducts).toHaveLength(1);
    expect(cart.data.cartProducts[0]).toMatchObject({ productId: { _id: product._id }, size, quantity: 10 });
  });
});

test.describe('product options', () => {
  test('out-of-stock size disabled', async ({ page, request }) => {
    const product = await findProduct(
      request,
      (p) => isSized(p) && p.sizeInventory.some((s) => s.quantity === 0) && p.sizeInventory.some((s) => s.quantity > 0),
      (c) => isSized(c) && c.inStock,
    );
    const gone = product.sizeInventory.find((s) => s.quantity === 0)!.size;
    const available = product.sizeInventory.find((s) => s.quantity > 0)!.size;

    await page.goto(`/product/${product.slug}`);
    const soldOut = page.getByRole('button', { name: `Size ${gone.toUpperCase()}, out of stock` });
    await expect(soldOut).toBeDisabled();
    await expect(soldOut).toHaveText(gone.toUpperCase());
    await expect(page.getByRole('button', { name: `Size ${available.toUpperCase()}`, exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeVisible();
  });

  test('a sold-out free-size product shows OUT OF STOCK instead of the buttons', async ({ page, request }) => {
    const product: CatalogueProduct = await findProduct(request, (p) => p.isFreeSize && p.freeSizeQty === 0, (c) => c.isFreeSize && !c.inStock);
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByText('OUT OF STOCK', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'BUY IT NOW' })).toHaveCount(0);
  });
});

test.describe('sharing', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('share copy link toast', async ({ page, request, baseURL }) => {
    const product = await findProduct(request, () => true);
    const url = `${baseURL}/product/${product.slug}`;
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const menu = page.getByRole('group', { name: 'Share this product' });
    await expect(menu.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', new RegExp(encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(menu.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    await expect(menu.getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', /^https:\/\/twitter\.com\/intent\/tweet\?url=/);
    await menu.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link Copied Successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test('a product link fetched as a bot carries its Open Graph tags', async ({ browser, request, baseURL }) => {
    const product = await findProduct(request, () => true);
    // A link-preview bot runs no JavaScript: what it sees is what the server wrote into the HTML.
    const bot = await browser.newContext({ userAgent: 'WhatsApp/2.24.1.0 A', javaScriptEnabled: false });
    const page = await bot.newPage();
    await page.goto(`${baseURL}/product/${product.slug}`);
    const meta = (property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');
    await expect(page).toHaveTitle(`${product.name} | Statewise`);
    expect(await meta('og:title')).toBe(`${product.name} | Statewise`);
    expect(await meta('og:type')).toBe('product');
    expect(await meta('og:url')).toMatch(new RegExp(`/product/${product.slug}$`));
    expect(await meta('og:description')).toBeTruthy();
    expect(await meta('product:price:amount')).toBe(String(product.offeredPrice));
    expect(await meta('twitter:card')).toBe('summary_large_image');
    const image = await meta('og:image');
    expect(image).toMatch(/^https?:\/\//);
    const picture = await request.get(new URL(image!).pathname + new URL(image!).search);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);
    await bot.close();
  });
});

test.describe('signed-in cart', () => {
  test('adds a colour product to the server cart and removes it through Move from Cart', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.isColorOptions && p.colorInventory.some((c) => c.quantity > 0), (c) => c.isColorOptions && c.inStock);
    const colour = product.colorInventory.find((c) => c.quantity > 0)!.color;
    const user = await createUser(request, 'Arjun', 'Rao');
    await signIn(page, user);

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByText(`Colour: ${colour}`)).toBeVisible();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart (1)' });
    await expect(drawer.getByRole('article', { name: product.name }).getByText(`Colour: ${colour}`)).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

    const cart = await (await request.get('/api/cart', { headers: { authorization: `Bearer ${user.accessToken}` } })).json();
    expect(cart.data.cartProducts).toHaveLength(1);
    expect(cart.data.cartProducts[0]).toMatchObject({ productId: { _id: product._id }, color: colour, quantity: 1 });

    await drawer.getByRole('button', { name: `Remove ${product.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Move from Cart' });
    await expect(confirm.getByRole('button', { name: 'Move to wishlist' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Your Cart' }).getByText('Your cart is empty !!')).toBeVisible();
    const after = await (await request.get('/api/cart', { headers: { authorization: `Bearer ${user.accessToken}` } })).json();
    expect(after.data.cartProducts).toHaveLength(0);
  });
});
