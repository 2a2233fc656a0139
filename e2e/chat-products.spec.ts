import { expect, test } from './fixtures.ts';
import { createUser, loginInDialog, screenshotsAt, signInAsDemoVendor } from './helpers.ts';

/** A 48×32 purple PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAN0lEQVR4nO3OQQ0AMAgEMMShDyfzOBccjyYV0Jp+p1R8ICQkJJQeCAkJCaUHQkJCQumBkJDQsg+8k/p5i0DFzQAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * Chat with a vendor, continued (accounts §4.11, §5, §7 Chat; issue 13): a guest's Chat with Vendor carries on
 * after the login; the vendor's chat product form checks in the spec's order, offers Combo and the category's
 * subcategories, and edits a product; a picture that fails to upload is named.
 */
test('a guest clicks Chat with vendor on a product page, logs in and lands in the chat with that vendor', async ({ page, request }) => {
  const shopper = await createUser(request, 'Meera', 'Pillai');
  const list = await (await request.post('/api/product/list', { data: { page: 1, pageSize: 20 } })).json();
  const product = list.data.products[0] as { slug: string; vendorId: string };

  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Chat with vendor' }).click();
  await loginInDialog(page, shopper.mobile);

  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatId = new URL(page.url()).pathname.split('/').pop();
  const chats = (await (await request.get('/api/chat/list', { headers: { authorization: `Bearer ${shopper.accessToken}` } })).json()).data as Array<{
    _id: string;
    vendorId: { _id: string; brandName: string; firstname: string };
  }>;
  const chat = chats.find((c) => c._id === chatId);
  expect(chat?.vendorId._id).toBe(product.vendorId);
  await expect(page.getByRole('heading', { level: 2, name: chat!.vendorId.brandName || chat!.vendorId.firstname })).toBeVisible();
  await expect(page.getByLabel('Message')).toBeVisible();
});

test('a vendor makes a Combo chat product with a subcategory (the spec’s messages first), edits its price, and is told which picture failed to upload', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const vendor = await signInAsDemoVendor(page, request);
  const asVendor = { authorization: `Bearer ${vendor.accessToken}` };

  // the admin gives Combo a subcategory (the seed has none)
  const combo = ((await (await request.get('/api/temp-product/extra-categories', { headers: asVendor })).json()).data as Array<{ _id: string; slug: string }>).find(
    (c) => c.slug === 'combo',
  );
  expect(combo, 'the server offers the Combo category').toBeTruthy();
  const admin = (await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000001', password: 'Statewise@123' } })).json()).data;
  const hamper = `Festive hamper ${Date.now().toString(36)}`;
  const made = await request.post('/api/admin/catalogue/subcategories', { headers: { authorization: `Bearer ${admin.accessToken}` }, data: { categoryId: combo!._id, name: hamper } });
  expect(made.status()).toBe(201);

  // a shopper's chat with the vendor
  const shopper = await createUser(request, 'Anil', 'Rao');
  const chat = await (await request.post('/api/chat/create', { headers: { authorization: `Bearer ${shopper.accessToken}` }, data: { vendorId: vendor.userId } })).json();
  await page.goto(`/chat/${chat.data._id}`);
  await page.getByRole('button', { name: 'Send a product' }).click();
  await page.getByRole('dialog', { name: 'Send a product' }).getByRole('button', { name: 'New product' }).click();
  const form = page.getByRole('dialog', { name: 'New product for this chat' });
  const create = form.getByRole('button', { name: 'Create and send' });

  // an empty form: the spec's messages one by one, in its order, at the field
  await create.click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a product name');
  await expect(form.getByLabel('Product name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Product name')).toBeFocused();
  await form.getByLabel('Product name').fill('Three festive dupattas');
  await create.click();
  await expect(form.getByRole('alert')).toHaveText('Please enter the price');
  await expect(form.getByLabel('Price (₹)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Price (₹)', { exact: true }).fill('3000');
  await create.click();
  await expect(form.getByRole('alert')).toHaveText('Please enter the tax percent');
  await form.getByLabel('Tax %').fill('5');
  await create.click();
  await expect(form.getByRole('alert')).toHaveText('Please select a category');
  await expect(form.getByLabel('Category', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await screenshotsAt(page, process.env.CHAT_SHOTS, 'chat-product-form-messages');

  // Combo, then its subcategory; a discount gives the offered price
  await expect(form.getByLabel('Subcategory (optional)')).toBeDisabled();
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Combo' });
  await expect(form.getByLabel('Subcategory (optional)')).toBeEnabled();
  await form.getByLabel('Subcategory (optional)').selectOption({ label: hamper });
  await form.getByLabel('Discount %').fill('10');
  await expect(form.getByLabel('Offered price (₹)')).toHaveValue('2700');
  await form.getByLabel('Number of products').fill('3');
  await form.getByLabel('Colour').fill('Saffron');
  await create.click();
  await expect(form.getByRole('alert')).toHaveText('Please upload atleast 1 image of product');
  await form.getByLabel(/^Pictures/).setInputFiles({ name: 'dupattas.png', mimeType: 'image/png', buffer: PNG });
  await screenshotsAt(page, process.env.CHAT_SHOTS, 'chat-product-form-filled');
  await create.click();

  const card = page.getByTestId('product-card').filter({ hasText: 'Three festive dupattas' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('₹2,700');
  const saved = ((await (await request.get('/api/temp-product/products', { headers: asVendor })).json()).data as Array<Record<string, unknown>>).find(
    (p) => p.name === 'Three festive dupattas',
  );
  expect(saved).toMatchObject({ isCombo: true, numberOfProducts: 3, price: 3000, discount: 10, offeredPrice: 2700, color: 'Saffron', subcategoryId: { name: hamper } });

  // edit its price: the discount stays, the offered price follows; the name is still required
  await page.getByRole('button', { name: 'Send a product' }).click();
  const products = page.getByRole('dialog', { name: 'Send a product' });
  await expect(products.getByRole('listitem', { name: 'Three festive dupattas' })).toBeVisible();
  await screenshotsAt(page, process.env.CHAT_SHOTS, 'chat-products-list');
  await products.getByRole('listitem', { name: 'Three festive dupattas' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await expect(edit.getByLabel('Price (₹)', { exact: true })).toHaveValue('3000');
  await expect(edit.getByLabel('Number of products')).toHaveValue('3');
  await edit.getByLabel('Price (₹)', { exact: true }).fill('3600');
  await expect(edit.getByLabel('Offered price (₹)')).toHaveValue('3240');
  await edit.getByLabel('Product name').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Please enter a product name');
  await edit.getByLabel('Product name').fill('Three festive dupattas');
  await screenshotsAt(page, process.env.CHAT_SHOTS, 'chat-product-edit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect(products.getByRole('listitem', { name: 'Three festive dupattas' })).toContainText('₹3,240');
  const edited = ((await (await request.get('/api/temp-product/products', { headers: asVendor })).json()).data as Array<Record<string, unknown>>).find(
    (p) => p._id === saved!._id,
  );
  expect(edited).toMatchObject({ price: 3600, discount: 10, offeredPrice: 3240, numberOfProducts: 3 });
  await page.keyboard.press('Escape');
  await expect(products).toBeHidden();

  // two photos, one of which the server fails: the other is sent, the failed one is named
  await page.route('**/api/product/file-Upload', async (route) => {
    if (route.request().postDataBuffer()?.includes('filename="torn.png"')) await route.fulfill({ status: 500, json: { success: false, message: 'Internal Server Error' } });
    else await route.fallback();
  });
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'loom.png', mimeType: 'image/png', buffer: PNG },
    { name: 'torn.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByText('Failed to upload the following images: torn.png', { exact: true })).toBeVisible();
  await expect(page.getByTestId('message').getByRole('button', { name: 'Open photo' })).toHaveCount(1);
  await context.close();
});
