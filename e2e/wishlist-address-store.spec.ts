import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, findProduct, loginInDialog } from './helpers.ts';

/*
 * Wishlist, saved addresses, the vendor store and the vendor directory (issue 4) in the browser, against the real
 * server and the demo seed. Each signed-in test makes its own account through the API, so no test touches another's
 * wishlist, cart or addresses.
 */

type Login = { accessToken: string; userId: string };

/** Starts the page signed in as `who` (the token stored as the app stores it at login). */
async function signIn(page: Page, who: Login, role = 'user') {
  await page.addInitScript(
    (s) => {
      if (!localStorage.getItem('accessToken')) {
        localStorage.setItem('accessToken', s.accessToken);
        localStorage.setItem('userID', s.userId);
        localStorage.setItem('role', s.role);
      }
    },
    { ...who, role },
  );
}

const auth = (who: Login) => ({ authorization: `Bearer ${who.accessToken}` });

/** The demo vendor by password login (no OTP, so no resend cooldown to collide with). */
async function vendorLogin(request: APIRequestContext): Promise<Login> {
  const res = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000002', password: 'Statewise@123' } })).json();
  expect(res.success, res.message).toBe(true);
  return { accessToken: res.data.accessToken, userId: res.data.user._id };
}

/** An approved vendor with more than two pages of products (the store's paging). */
async function storeWithPages(request: APIRequestContext) {
  for (let page = 1; page <= 4; page++) {
    const dir = await (await request.post('/api/admin/vendors', { data: { page } })).json();
    for (const v of dir.data.vendors as Array<{ vendorId: { _id: string }; vendorInfo: { vendorSlug: string; brandName: string } }>) {
      const list = await (await request.post('/api/vendor/products/list', { data: { userId: v.vendorId._id, page: 1, pageSize: 1 } })).json();
      if (list.data.total > 32) return { slug: v.vendorInfo.vendorSlug, brand: v.vendorInfo.brandName, total: list.data.total as number };
    }
  }
  throw new Error('No store with three pages of products');
}

test.describe('wishlist', () => {
  test('signed-in wishlist → add to cart with a size: the item leaves the wishlist and the cart count rises', async ({ page, request }) => {
    const me = await createUser(request, 'Wish', 'Lister');
    // a sized product with one sold-out size and one in stock
    const product = await findProduct(
      request,
      (p) => p.sizeInventory.some((s) => s.quantity === 0) && p.sizeInventory.some((s) => s.quantity > 0),
      (c) => !c.isFreeSize && !c.isColorOptions && c.inStock,
    );
    const soldOut = product.sizeInventory.find((s) => s.quantity === 0)!.size;
    const inStock = product.sizeInventory.find((s) => s.quantity > 0)!.size;
    const added = await request.post('/api/user/wishlist', { headers: auth(me), data: { productId: product._id, isColorOptions: 'false' } });
    expect(added.status()).toBe(201);

    await signIn(page, me);
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 1' })).toBeVisible();
    const card = page.getByRole('article', { name: product.name });
    // names are cut at 20 characters
    await expect(card.getByRole('heading')).toHaveText(product.name.length > 20 ? `${product.name.slice(0, 20)}...` : product.name);
    await expect(card.getByRole('option', { name: `${soldOut} (out of stock)` })).toBeDisabled();

    // a size first
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please select size');

    await card.getByRole('combobox').selectOption(inStock);
    await card.getByRole('button', { name: 'Add to cart' }).click();
    // a failure names what the shopper was told (a toast), not only what is missing
    await expect(async () => {
      const told = await page.locator('[data-sonner-toast]').allInnerTexts();
      expect(await page.getByText('No Wishlist Found').isVisible(), `toasts: ${told.join(' | ') || 'none'}`).toBe(true);
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole('link', { name: 'Cart, 1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();

    // stored: the cart has the line in that size, the wishlist is empty
    const cart = await (await request.get('/api/cart', { headers: auth(me) })).json();
    expect(cart.data.cartProducts.map((l: { productId: { _id: string }; size: string; quantity: number }) => [l.productId._id, l.size, l.quantity])).toEqual([
      [product._id, inStock, 1],
    ]);
    const wishlist = await (await request.get('/api/user/wishlist', { headers: auth(me) })).json();
    expect(wishlist.data.wishlist).toEqual([]);
  });

  test('a guest’s heart is kept locally with a login prompt, and merged into the wishlist at login', async ({ page, request }) => {
    const me = await createUser(request, 'Guest', 'Hearts');
    const product = await findProduct(request, (p) => p.isFreeSize && p.freeSizeQty > 0, (c) => c.isFreeSize && c.inStock);
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Wishlist', exact: true }).click();
    await expect(page.getByText('Log in to keep this in your wishlist')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestWishlist') ?? '[]'))).toEqual([
      { productId: product._id, isColorOptions: false, color: null, image: null },
    ]);
    await loginInDialog(page, me.mobile);
    await expect(page.getByRole('link', { name: 'Wishlist, 1' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Wishlisted' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('guestWishlist'))).toBeNull();
    const me2 = { accessToken: await page.evaluate(() => localStorage.getItem('accessToken')!), userId: me.userId };
    const wishlist = await (await request.get('/api/user/wishlist', { headers: auth(me2) })).json();
    expect(wishlist.data.wishlist.map((i: { productId: { _id: string } }) => i.productId._id)).toEqual([product._id]);
  });

  test('a guest gets the login prompt from the header wishlist, and the page needs a login', async ({ page }) => {
    await page.goto('/wishlist');
    await expect(page).toHaveURL(/\/\?login=true&redirectTo=%2Fwishlist$/);
    await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();
  });
});

test.describe('saved addresses', () => {
  test('address added by pincode autofill: 302001 fills Jaipur, Rajasthan; saved; the card shows; then deleted', async ({ page, request }) => {
    const me = await createUser(request, 'Asha', 'Verma');
    await signIn(page, me);
    await page.goto('/saved-address');
    await expect(page.getByText('No Address Found')).toBeVisible();
    await page.getByRole('link', { name: '+ Add New address' }).click();
    await expect(page).toHaveURL(/\/add-address$/);

    // nothing invalid leaves the browser: the messages appear at the fields
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/address')) posted++;
    });
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByText('Firstname is required')).toBeVisible();
    await expect(page.getByText('Pincode is required')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    expect(posted).toBe(0);

    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Verma');
    await page.getByLabel('Mobile number').pressSequentially('98765x43210');
    await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
    await page.getByLabel('Street address').fill('12 MI Road, near GPO');
    await page.getByLabel('Pincode').pressSequentially('302001');
    await expect(page.getByLabel('City')).toHaveValue('Jaipur');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('Rajasthan');
    await expect(page.getByText('Pincode feched')).toBeVisible();
    await expect(page.getByLabel('City')).toHaveAttribute('readonly', '');

    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(/\/saved-address$/);
    await expect(page.getByText('Address Added Successfully')).toBeVisible();
    const card = page.getByRole('article', { name: 'Asha Verma, Jaipur' });
    await expect(card).toContainText('12 MI Road, near GPO');
    await expect(card).toContainText('Jaipur, Rajasthan – 302001');
    await expect(card).toContainText('9876543210');

    const stored = await (await request.get('/api/address', { headers: auth(me) })).json();
    expect(stored.data).toMatchObject([{ firstName: 'Asha', pincode: 302001, city: 'Jaipur', state: 'Rajasthan', country: 'India' }]);

    // edit it, then delete it
    await card.getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByLabel('Pincode')).toHaveValue('302001');
    await page.getByLabel('Landmark (optional)').fill('Opposite the museum');
    await page.getByRole('button', { name: 'Update Address' }).click();
    await expect(page.getByText('Address Updated Successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Asha Verma, Jaipur' })).toContainText('Landmark: Opposite the museum');

    await page.getByRole('button', { name: /^Delete address/ }).click();
    await page.getByRole('dialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Address Deleted Successfully')).toBeVisible();
    await expect(page.getByText('No Address Found')).toBeVisible();
  });

  test('an unknown pincode clears the city and says No places found for this pincode', async ({ page, request }) => {
    const me = await createUser(request);
    await signIn(page, me);
    await page.goto('/add-address');
    await page.getByLabel('Pincode').pressSequentially('302001');
    await expect(page.getByLabel('City')).toHaveValue('Jaipur');
    await page.getByLabel('Pincode').fill('999999');
    await expect(page.getByText('No places found for this pincode').first()).toBeVisible();
    await expect(page.getByLabel('City')).toHaveValue('');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('');
  });

  test.describe('use my current location', () => {
    test.use({ geolocation: { latitude: 26.9124, longitude: 75.7873 }, permissions: ['geolocation'] });
    test('fills pincode, city and state from the nearest pincode to the position', async ({ page, request }) => {
      const me = await createUser(request);
      await signIn(page, me);
      await page.goto('/add-address');
      await page.getByRole('button', { name: 'Use my current location' }).click();
      await expect(page.getByLabel('Pincode')).toHaveValue(/^30\d{4}$/);
      await expect(page.getByLabel('City')).toHaveValue('Jaipur');
      await expect(page.getByLabel('State', { exact: true })).toHaveValue('Rajasthan');
    });
  });

  test('says how to go on when location permission is denied', async ({ page, request, context }) => {
    await context.clearPermissions();
    const me = await createUser(request);
    await signIn(page, me);
    await page.goto('/add-address');
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect(page.getByText(/Location permission was denied/)).toBeVisible();
    await expect(page.getByLabel('Pincode')).toHaveValue('');
  });
});

test.describe('vendor store', () => {
  test('shows the store with its products 16 a page, numbered pages, share and Chat With Vendor for a guest', async ({ page, request, context }) => {
    const store = await storeWithPages(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/store/${store.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: store.brand })).toBeVisible();
    await expect(page).toHaveTitle(`${store.brand} | Statewise`);
    await expect(page.getByText(`${store.total} products`)).toBeVisible();
    const cards = page.locator('#store-products li a[href^="/product/"]');
    await expect(cards).toHaveCount(16);

    const pages = Math.ceil(store.total / 16);
    await page.getByRole('button', { name: `Page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?page=${pages}$`));
    await expect(cards).toHaveCount(store.total - (pages - 1) * 16);
    await expect(page.getByRole('button', { name: `Page ${pages}` })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link Copied Successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/store/${store.slug}`);

    // a guest's Chat With Vendor asks for a login
    await page.getByRole('button', { name: 'Chat With Vendor' }).click();
    await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();
  });

  test('hides Chat With Vendor from a vendor', async ({ page, request }) => {
    const store = await storeWithPages(request);
    await signIn(page, await vendorLogin(request), 'vendor');
    await page.goto(`/store/${store.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: store.brand })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chat With Vendor' })).toHaveCount(0);
  });

  test('an unknown store says Store not found', async ({ page }) => {
    await page.goto('/store/no-such-store-here');
    await expect(page.getByRole('heading', { name: 'Store not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Meet Our Stalwarts' }).first().click();
    await expect(page).toHaveURL(/\/stalwart-page$/);
  });
});

test.describe('vendor directory', () => {
  test('Meet Our Stalwarts pages 16 vendors at a time, searches, and leads to a store', async ({ page, request }) => {
    const first = await (await request.post('/api/admin/vendors', { data: { page: 1 } })).json();
    const second = await (await request.post('/api/admin/vendors', { data: { page: 2 } })).json();
    const total = first.data.total as number;
    expect(total).toBeGreaterThan(16);

    await page.goto('/stalwart-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Stalwarts' })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(16);
    await expect(cards.first()).toHaveAccessibleName(first.data.vendors[0].vendorInfo.brandName);
    await expect(page.getByRole('button', { name: 'Chat with Vendor' })).toHaveCount(16);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards.first()).toHaveAccessibleName(second.data.vendors[0].vendorInfo.brandName);
    await expect(cards).toHaveCount(Math.min(16, total - 16));

    // search by brand or seller (resets to page 1)
    const target = second.data.vendors[0] as { vendorInfo: { brandName: string; vendorSlug: string } };
    await page.getByLabel('Search sellers').fill(target.vendorInfo.brandName);
    await expect(page).toHaveURL(/\?q=/);
    await expect(cards.first()).toHaveAccessibleName(target.vendorInfo.brandName);

    await cards.first().getByRole('link', { name: 'Check Out Products' }).click();
    await expect(page).toHaveURL(new RegExp(`/store/${target.vendorInfo.vendorSlug}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.vendorInfo.brandName })).toBeVisible();
  });
});
