import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Card, createUser, randomMobile, signIn } from './helpers.ts';

/*
 * The checkout's steps (issue 9, a shopper's checkout): the cart drawer's Checkout goes straight to checkout; the
 * signed-in checkout opens one step at a time, keeps Pay disabled until an address is chosen, counts pieces, fills
 * a new address with the account's name and mobile, and takes cash on delivery for a cart; the guest checkout asks
 * mobile and pincode first, shows a problem at its field, and one Continue leads to payment. Every test makes its
 * own shopper through the API.
 */

/** In-stock free-size products without colour options (two or more). */
async function freeSizeProducts(request: APIRequestContext): Promise<Card[]> {
  const body = await (await request.post('/api/product/list', { data: { page: 1, pageSize: 100, price: { min: 200, max: 3000 } } })).json();
  const cards = (body.data.products as Card[]).filter((p) => p.isFreeSize && !p.isColorOptions && p.inStock);
  expect(cards.length, 'two free-size products').toBeGreaterThan(1);
  return cards;
}

async function addToServerCart(request: APIRequestContext, token: string, productId: string, quantity: number) {
  const added = await request.post('/api/cart/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId, quantity, image: '', isFreeSize: 'true', isColorOptions: 'false' },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

/** The section of a checkout step, by its title. */
const step = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('the cart drawer', () => {
  test('Checkout in the drawer goes straight to /checkout when signed in', async ({ page, request }) => {
    const [product] = await freeSizeProducts(request);
    const user = await createUser(request, 'Drawer', 'Shopper');
    await signIn(page, user);
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart (1)' });
    await drawer.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', exact: true })).toBeVisible();
  });

  test('Checkout in the drawer goes straight to /guestCheckout for a guest', async ({ page, request }) => {
    const [product] = await freeSizeProducts(request);
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart (1)' });
    await drawer.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/guestCheckout$/);
    await expect(page.getByRole('heading', { name: 'Shipping Detail' })).toBeVisible();
  });
});

test.describe('signed-in checkout steps', () => {
  test('one step at a time, Pay disabled until an address is chosen, the new address pre-filled, pieces counted', async ({ page, request }) => {
    const [a, b] = await freeSizeProducts(request);
    const user = await createUser(request, 'Meera', 'Iyer');
    await addToServerCart(request, user.accessToken, a!._id, 2);
    await addToServerCart(request, user.accessToken, b!._id, 1);
    await signIn(page, user);
    await page.goto('/checkout');

    // only the Address step is open; the later ones show their titles only
    await expect(step(page, 'Delivery Address')).toHaveAttribute('data-state', 'open');
    await expect(step(page, 'Order Summary')).toHaveAttribute('data-state', 'later');
    await expect(step(page, 'Payment')).toHaveAttribute('data-state', 'later');
    await expect(page.getByRole('list', { name: 'Items in this order' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toHaveCount(0);

    // Pay waits for an address and says why
    const summary = page.getByRole('complementary', { name: 'Price details' });
    const pay = summary.getByRole('button', { name: 'Add an address to pay' });
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription('Please select address to checkout');
    await expect(summary.getByText('Subtotal (3 items)')).toBeVisible();
    // the header's cart badge counts the same pieces
    await expect(page.getByRole('link', { name: 'Cart, 3' })).toBeAttached();

    // the new address starts with the account's name and mobile
    await page.getByRole('button', { name: '+ Add New Address' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add New Address' });
    await expect(drawer.getByLabel('First name')).toHaveValue('Meera');
    await expect(drawer.getByLabel('Last name')).toHaveValue('Iyer');
    await expect(drawer.getByLabel('Mobile number')).toHaveValue(user.mobile);
    await drawer.getByLabel('Street address').fill('4 Janpath Lane');
    await drawer.getByLabel('Pincode').fill('110001');
    await expect(drawer.getByLabel('City')).toHaveValue('New Delhi');
    await drawer.getByRole('button', { name: 'Save Address' }).click();
    await expect(drawer).toHaveCount(0);

    // the address collapses to one line with Change; the Order Summary opens, counting pieces as the price details do
    const address = step(page, 'Delivery Address');
    await expect(address).toHaveAttribute('data-state', 'done');
    await expect(address.getByText('Meera Iyer, 4 Janpath Lane, New Delhi – 110001')).toBeVisible();
    await expect(address.getByRole('radio')).toHaveCount(0);
    await expect(step(page, 'Order Summary')).toHaveAttribute('data-state', 'open');
    await expect(step(page, 'Order Summary').getByText('3 items', { exact: true })).toBeVisible();
    await expect(summary.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(step(page, 'Order Summary')).toHaveAttribute('data-state', 'done');
    await expect(step(page, 'Order Summary').getByText(/^3 items · ₹/)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeVisible();

    // Change opens the address again, and only it
    await address.getByRole('button', { name: 'Change delivery address' }).click();
    await expect(address).toHaveAttribute('data-state', 'open');
    await expect(step(page, 'Payment')).toHaveAttribute('data-state', 'later');
    await expect(address.getByRole('radio', { name: /Meera Iyer/ })).toBeChecked();
  });

  test('a signed-in cart order with cash on delivery is placed and reads Confirmed', async ({ page, request }) => {
    const [product] = await freeSizeProducts(request);
    const user = await createUser(request, 'Cod', 'Buyer');
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const saved = await request.post('/api/address', {
      headers: auth,
      data: { firstName: 'Cod', lastName: 'Buyer', mobile: user.mobile, streetAddress: '9 Residency Road', pincode: '110001' },
    });
    expect(saved.ok()).toBe(true);
    await addToServerCart(request, user.accessToken, product!._id, 1);
    await signIn(page, user);
    await page.goto('/checkout');

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
    await page.getByRole('complementary', { name: 'Price details' }).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/payment-confirmation\?status=true&orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // stored: a placed cash-on-delivery order (status pending, which reads Confirmed: it waits for no payment), and
    // the cart is empty
    const stored = await (await request.get(`/api/order/${orderId}`, { headers: auth })).json();
    expect(stored.data).toMatchObject({ orderStatus: 'pending', paymentMode: 'cod' });
    const cart = await (await request.get('/api/cart', { headers: auth })).json();
    expect(cart.data.cartProducts).toHaveLength(0);

    await page.goto('/orders');
    await expect(page.getByRole('link', { name: new RegExp(`Order ${stored.data.orderNumber}, Confirmed`) })).toBeVisible();
  });
});

test.describe('guest checkout form', () => {
  test('asks mobile and pincode first, shows a problem at its field, and one Continue leads to payment', async ({ page, request }) => {
    const [product] = await freeSizeProducts(request);
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('myData') ?? '[]').length)).toBe(1);
    await page.goto('/guestCheckout');

    const form = page.getByRole('form', { name: 'Add address' });
    const fields = form.getByRole('textbox');
    await expect(fields.nth(0)).toHaveAccessibleName('Mobile number');
    await expect(fields.nth(1)).toHaveAccessibleName('Pincode');
    await expect(fields.nth(2)).toHaveAccessibleName('City');
    await expect(fields.nth(3)).toHaveAccessibleName('State');
    await expect(fields.nth(4)).toHaveAccessibleName('First name');
    // one button for the whole form: no Save Address, no Place order
    await expect(page.getByRole('button', { name: 'Save Address' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);

    // a short mobile: the message stands at the mobile field, which takes the focus
    await form.getByLabel('Mobile number').fill('98765');
    const next = page.getByRole('complementary', { name: 'Price details' }).getByRole('button', { name: 'Continue', exact: true });
    await next.click();
    await expect(form.getByLabel('Mobile number')).toHaveAccessibleDescription('Please enter valid mobile number');
    await expect(form.getByLabel('Mobile number')).toBeFocused();

    const mobile = randomMobile();
    await form.getByLabel('Mobile number').fill(mobile);
    await expect(form.getByLabel('Mobile number')).not.toHaveAccessibleDescription('Please enter valid mobile number');
    await form.getByLabel('Pincode').fill('110001');
    await expect(form.getByLabel('City')).toHaveValue('New Delhi');
    await form.getByLabel('First name').fill('Kavya');
    await form.getByLabel('Last name').fill('Nair');
    await form.getByLabel('Street address').fill('22 Connaught Place');

    // Continue sends the code; with the code typed, Continue verifies it and goes on to the payment page
    const [sent] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/guest/send-otp')), next.click()]);
    const otp = String((await sent.json()).data.otp).padStart(6, '0');
    await form.getByLabel('Enter the 6-digit OTP').fill(otp);
    await next.click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeVisible();
  });
});
