import { expect, test } from './fixtures.ts';
import { createUser, screenshotsAt, signIn, signInAsDemoVendor } from './helpers.ts';

/** A 48×32 purple PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAN0lEQVR4nO3OQQ0AMAgEMMShDyfzOBccjyYV0Jp+p1R8ICQkJJQeCAkJCaUHQkJCQumBkJDQsg+8k/p5i0DFzQAAAABJRU5ErkJggg==';

/*
 * Chat with a vendor (accounts §2.7, §4.11; issue 13): a shopper opens the chat from a product page and writes; the
 * vendor, in another browser, sees it arrive live and answers; both see their ticks turn to read.
 */
test('a shopper chats with the vendor from a product page; the vendor sees it live, replies and sends a product card that the shopper buys; ticks turn read', async ({ browser, request }) => {
  // two browsers, a whole order: more than the default minute on a busy machine
  test.setTimeout(120_000);
  const shopperLogin = await createUser(request, 'Kavya', 'Menon');
  const vendorContext = await browser.newContext();
  const vendorPage = await vendorContext.newPage();
  const vendorLogin = await signInAsDemoVendor(vendorPage, request);

  // a product of the demo vendor
  const list = await (await request.post('/api/product/list', { data: { page: 1, pageSize: 100 } })).json();
  const product = (list.data.products as Array<{ slug: string; vendorId: string }>).find((p) => p.vendorId === vendorLogin.userId);
  expect(product, 'the demo vendor has a product').toBeTruthy();

  // the vendor has the chats open (online: no auto-reply)
  await vendorPage.goto('/chat-list');
  await expect(vendorPage.getByRole('heading', { name: 'Chats' })).toBeVisible();

  // the shopper opens the chat from the product page
  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await signIn(page, shopperLogin);
  await page.goto(`/product/${product!.slug}`);
  await page.getByRole('button', { name: 'Chat with vendor' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  // header and footer are hidden on chat pages
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Wishlist' })).toHaveCount(0);
  await page.getByLabel('Message').fill('Namaste! Is this available in pure silk?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = page.getByTestId('message').filter({ hasText: 'Namaste! Is this available in pure silk?' });
  await expect(mine).toBeVisible();
  await expect(mine.getByLabel(/^(Sent|Delivered|Read)$/)).toBeVisible();

  // the vendor sees the new chat arrive live, as Customer N, and opens it
  const row = vendorPage.getByRole('link', { name: /Customer \d+/ }).filter({ hasText: 'pure silk' });
  await expect(row).toBeVisible();
  await row.click();
  await expect(vendorPage.getByTestId('message').filter({ hasText: 'Is this available in pure silk?' })).toBeVisible();
  // the vendor has seen it: the shopper's ticks turn read
  await expect(mine.getByLabel('Read')).toBeVisible();
  await expect(vendorPage.getByTestId('presence')).toHaveText('Online');

  await vendorPage.getByLabel('Message').fill('Yes, it is woven in pure Banarasi silk.');
  await vendorPage.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = page.getByTestId('message').filter({ hasText: 'woven in pure Banarasi silk' });
  await expect(reply).toBeVisible();
  // the shopper's page is open: the vendor's reply is read
  await expect(vendorPage.getByTestId('message').filter({ hasText: 'woven in pure Banarasi silk' }).getByLabel('Read')).toBeVisible();

  // the vendor makes a product for this shopper and sends it as a card
  await vendorPage.getByRole('button', { name: 'Send a product' }).click();
  const dialog = vendorPage.getByRole('dialog', { name: 'Send a product' });
  await dialog.getByRole('button', { name: 'New product' }).click();
  const form = vendorPage.getByRole('dialog', { name: 'New product for this chat' });
  await form.getByLabel('Product name').fill('Banarasi silk saree, custom border');
  await form.getByLabel('Price (₹)', { exact: true }).fill('6000');
  await form.getByLabel('Offered price (₹)').fill('5200');
  await form.getByLabel('Tax %').fill('5');
  await form.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await form.locator('input[name="images"]').setInputFiles({ name: 'saree.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await form.getByRole('button', { name: 'Create and send' }).click();
  const card = page.getByTestId('product-card').filter({ hasText: 'Banarasi silk saree, custom border' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('₹5,200');

  // the shopper buys it from the card (buy-now, cash on delivery), with a saved address
  const address = await request.post('/api/address', {
    headers: { authorization: `Bearer ${shopperLogin.accessToken}` },
    data: { firstName: 'Kavya', lastName: 'Menon', mobile: '9822334455', streetAddress: '9 Residency Road', pincode: '110001' },
  });
  expect(address.ok()).toBe(true);
  await card.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/buy-now\/checkout$/);
  await expect(page.getByRole('article', { name: 'Banarasi silk saree, custom border' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('complementary', { name: 'Price details' }).getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment-confirmation\?status=true&orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const order = await (await request.get(`/api/order/${orderId}`, { headers: { authorization: `Bearer ${shopperLogin.accessToken}` } })).json();
  expect(JSON.stringify(order.data)).toContain('"isTempProduct":true');
  await page.goBack();
  await page.goto(`/chat/${new URL(vendorPage.url()).pathname.split('/').pop()}`);

  // the chat list beside the chat on a wide screen; the chat alone on a phone
  await expect(page.getByRole('complementary', { name: 'Chats' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('complementary', { name: 'Chats' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotsAt(page, process.env.CHAT_SHOTS, 'chat-shopper');
  await screenshotsAt(vendorPage, process.env.CHAT_SHOTS, 'chat-vendor');

  // the vendor sets its own auto-reply and hours
  await vendorPage.getByRole('button', { name: 'Auto-reply' }).click();
  const settings = vendorPage.getByRole('dialog', { name: 'Auto-reply' });
  await settings.getByLabel('Your reply').fill('Thank you! We reply between 10 am and 7 pm.');
  await settings.getByLabel('Opens at').fill('10:00');
  await settings.getByLabel('Closes at').fill('19:00');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(vendorPage.getByText('Auto-reply saved')).toBeVisible();
  const saved = await (await request.get('/api/chat/settings', { headers: { authorization: `Bearer ${vendorLogin.accessToken}` } })).json();
  expect(saved.data).toMatchObject({ autoReply: 'Thank you! We reply between 10 am and 7 pm.', opensAt: '10:00', closesAt: '19:00' });
  await request.patch('/api/chat/settings', { headers: { authorization: `Bearer ${vendorLogin.accessToken}` }, data: {} });

  await vendorContext.close();
  await shopperContext.close();
});

test('a guest is asked to log in for chat; an unknown chat goes back to the chat list', async ({ page, request }) => {
  await page.goto('/chat/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/\?login=true&chatId=00000000-0000-4000-8000-000000000000/);
  await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();

  const shopper = await createUser(request, 'Ravi', 'Iyer');
  await signIn(page, shopper);
  await page.goto('/chat/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/chat-list$/);
  await expect(page.getByText('No chats yet')).toBeVisible();
});
