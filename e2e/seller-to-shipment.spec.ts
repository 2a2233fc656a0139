import { expect, test } from './fixtures.ts';
import sharp from 'sharp';
import { createUser } from './helpers.ts';
import { adminLogin, applyThroughApi, auth, openApplication, unique, useSession, userWithEmail } from './seller-helpers.ts';

/*
 * Issue 10's whole chain in one story, with one new seller: the application (both steps; their forms have their own
 * test) is approved by the admin in the browser; the new vendor adds a sized product with pictures in the console;
 * a shopper finds it in the listing and in search, buys size M with cash on delivery; the vendor confirms and ships
 * it with a tracking number; the shopper sees the number on the order.
 */

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 1000, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

type Category = { _id: string; name: string; subcategory: { _id: string; subcategoryName: string }[] };

test('a new seller is approved, lists a sized product, a shopper buys it, and the parcel’s number reaches the shopper', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seller = await userWithEmail(request, 'Ravi', 'Kumar');
  const brand = `Indigo Yard ${unique()}`;
  await applyThroughApi(request, seller, brand);

  // the admin approves
  await useSession(page, await adminLogin(request), 'admin');
  const card = await openApplication(page, brand);
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${brand}?` });
  await approve.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(approve).toBeHidden();

  // the new vendor adds a sized product with two pictures
  const categories = (await (await request.post('/api/category/list', { data: {} })).json()).data as Category[];
  const category = categories.find((c) => c.subcategory.length > 0)!;
  const name = `Indigo Anarkali ${unique()}`;
  await useSession(page, seller, 'vendor');
  await page.goto('/profile');
  await page.getByRole('link', { name: /Vendor console/ }).click();
  await expect(page).toHaveURL('/vendor');
  await page.getByRole('navigation', { name: 'Vendor console' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: '+ Add product' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Hand-dyed indigo anarkali with a cotton lining.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
  await page.getByLabel('Subcategory', { exact: true }).selectOption({ label: category.subcategory[0]!.subcategoryName });
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Delhi' });
  await page.getByLabel('Price (₹)', { exact: true }).fill('3200');
  await page.getByLabel('Offered price (₹)', { exact: true }).fill('2400');
  await page.getByLabel('Stock of size M').fill('4');
  await page.getByLabel('Stock of size L').fill('2');
  await page.getByLabel('Product pictures (1 to 5; JPEG, PNG or WebP up to 5 MB)').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await photo(20, 40, 120) },
    { name: 'back.png', mimeType: 'image/png', buffer: await photo(200, 180, 140) },
  ]);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('Product added')).toBeVisible();

  // a shopper finds it in the listing and in search, and buys size M, cash on delivery
  const shopper = await createUser(request, 'Anil', 'Nair');
  const saved = await request.post('/api/address', {
    headers: auth(shopper.accessToken),
    data: { firstName: 'Anil', lastName: 'Nair', mobile: shopper.mobile, streetAddress: '21 Marine Drive', pincode: '682031' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await useSession(page, shopper, 'user');
  await page.goto('/products/');
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await page.goto(`/search?search=${encodeURIComponent(name)}`);
  await page.getByRole('main').getByRole('link', { name: new RegExp(name) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(name) }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Size M', exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
  await page.getByRole('dialog', { name: 'Your Cart (1)' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('complementary', { name: 'Price details' }).getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment-confirmation\?status=true&orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  // the vendor confirms and ships it
  await useSession(page, seller, 'vendor');
  await page.goto('/vendor/orders');
  const orderCard = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
  await expect(orderCard).toContainText('Anil Nair');
  await orderCard.click();
  await expect(page).toHaveURL(new RegExp(`/vendor/orders/${orderId}$`));
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByTestId('part-status')).toHaveText('Confirmed');
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Ship this order' });
  await ship.getByLabel('Courier partner').selectOption('Delhivery');
  await ship.getByLabel('Tracking number').fill('DLV-5544332211');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByTestId('part-status')).toHaveText('Shipped');

  // the shopper sees the number, and what is stored agrees: one piece of M left the stock
  await useSession(page, shopper, 'user');
  await page.goto(`/OrderDetail/${orderId}`);
  await expect(page.getByText('DLV-5544332211')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track parcel' })).toBeVisible();
  const stored = await (await request.get(`/api/order/${orderId}`, { headers: auth(shopper.accessToken) })).json();
  expect(stored.data.orderStatus).toBe('shipped');
  const search = await (await request.post('/api/product/list', { data: { search: name } })).json();
  const slug = (search.data.products as { name: string; slug: string }[]).find((p) => p.name === name)!.slug;
  const detail = await (await request.get(`/api/product/${slug}`)).json();
  expect(detail.data.productDetail.sizeInventory).toEqual([
    { size: 'm', quantity: 3 },
    { size: 'l', quantity: 2 },
  ]);
});
