import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { MSG } from '../packages/contract/src/messages.ts';
import { screenshotsAt } from './helpers.ts';
import { adminLogin, applyThroughApi, gstinFor, openApplication, randomPan, unique, useSession, userWithEmail } from './seller-helpers.ts';

/*
 * The seller application (accounts §2.2, §4.9, §5; ADR 014): a user with an e-mail applies in two steps and waits,
 * an admin approves on /admin/seller-applications with the automatic checks in view, and the new vendor's store is
 * live; a rejected applicant reads the admin's reason. SELLER_SHOTS=dir saves the screens at 390 and 1280 px.
 */

const shots = (page: Page, name: string) => screenshotsAt(page, process.env.SELLER_SHOTS, name);

test('a user applies in two steps, waits, an admin approves with the checks in view, and the store is live', async ({ page, request }) => {
  const user = await userWithEmail(request);
  const brand = `Loom House ${unique()}`;
  const slug = brand.toLowerCase().replace(/\s+/g, '-');
  const pan = randomPan();
  await useSession(page, user, 'user');

  // Become a Seller in the account hub → step one
  await page.goto('/profile');
  await page.getByRole('button', { name: /Become a Seller/ }).click();
  await expect(page).toHaveURL(/\/auth\/vendor-registration$/);
  await expect(page.getByRole('heading', { name: 'Vendor Registration' })).toBeVisible();

  // the first problem in the spec's order, at its field
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MSG.brandRequired).first()).toBeVisible();

  await page.getByLabel('Brand name').fill(brand);
  await expect(page.getByLabel('Store address (slug)')).toHaveValue(slug);
  await page.getByLabel('Seller name').fill('Meera Joshi');
  await page.getByLabel('PAN number').pressSequentially(pan.toLowerCase());
  await expect(page.getByLabel('PAN number')).toHaveValue(pan);
  await page.getByRole('group', { name: 'Product categories' }).getByRole('checkbox').first().check({ force: true });
  await page.getByRole('checkbox', { name: 'Manufacturer' }).check({ force: true });
  await page.getByLabel('Facebook profile link').fill('https://facebook.com/loomhouse');
  await page.getByLabel('Calling number').fill('9876543210');
  await page.getByLabel('WhatsApp number').fill('9876543211');
  await page.getByRole('radio', { name: 'Avatar 1' }).check({ force: true });
  await page.getByRole('button', { name: 'vendor terms and conditions' }).click();
  await expect(page.getByRole('dialog', { name: 'Vendor terms and conditions' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await shots(page, 'vendor-registration');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MSG.sellerRegistered)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/vendor-registration-second$/);

  // step two: GST, addresses (the pincode fills the place), bank
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('GSTIN').fill(gstinFor(pan));
  await page.getByLabel('Billing address').fill('14 Chandni Chowk');
  await page.getByLabel('Billing pincode').fill('110001');
  await expect(page.getByLabel('Billing state')).not.toHaveValue('');
  await expect(page.getByLabel('Billing country')).toHaveValue('India');
  await page.getByRole('checkbox', { name: 'Same as billing' }).check();
  await expect(page.getByLabel('Shipping pincode')).toHaveValue('110001');
  await page.getByLabel('Account holder name').fill('Meera Joshi');
  await page.getByLabel('Account number').fill('123456789012');
  await page.getByLabel('IFSC code').fill('sbin0001234');
  await expect(page.getByLabel('IFSC code')).toHaveValue('SBIN0001234');
  await page.getByLabel('Branch name').fill('Chandni Chowk');
  await shots(page, 'vendor-registration-second');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(MSG.sellerDetailsSubmitted)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(MSG.sellerWaiting)).toBeVisible();
  await shots(page, 'hub-waiting');
  await page.getByRole('button', { name: /Become a Seller/ }).click({ force: true }); // greyed (aria-disabled), yet it tells why
  await expect(page.getByText(MSG.sellerUnderReview)).toBeVisible();
  // on a phone, the menu's BECOME A SELLER says so too, and leads to the same state
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menuItem = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /Become a Seller/ });
  await expect(menuItem).toContainText(MSG.sellerWaiting);
  await menuItem.click();
  await expect(page).toHaveURL(/\/seller$/);
  await expect(page.getByRole('status').getByText(MSG.sellerWaiting)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // the admin approves, with the automatic checks shown
  await useSession(page, await adminLogin(request), 'admin');
  const card = await openApplication(page, brand);
  await expect(card.getByText('PAN in GSTIN')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Automatic checks' }).getByText('Failed')).toHaveCount(0);
  // PAN and account number masked to their last 4 (the GSTIN, public on invoices, holds the PAN by design)
  await expect(card.getByText(new RegExp(`^X+${pan.slice(-4)}$`))).toBeVisible();
  await expect(card.getByText(/^X+9012$/)).toBeVisible();
  await expect(card).not.toContainText('123456789012');
  await shots(page, 'admin-seller-applications');
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${brand}?` });
  await dialog.getByLabel('Note to the seller (optional)').fill('Welcome aboard');
  await dialog.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: brand })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('listitem', { name: brand })).toBeVisible();

  // the applicant is now a vendor: Profile instead of Become a Seller, and the store is live
  await useSession(page, user, 'user');
  await page.goto('/profile');
  await expect(page.getByText('Seller account')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Profile/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Become a Seller/ })).toHaveCount(0);
  await page.goto(`/store/${slug}`);
  await expect(page.getByRole('heading', { name: new RegExp(brand, 'i') }).first()).toBeVisible();
});

test('a rejected applicant reads the admin’s reason and may apply again', async ({ page, request }) => {
  const user = await userWithEmail(request);
  const brand = `Bad Pan ${unique()}`;
  // both steps through the API (the forms are the first test's)
  const { pan } = await applyThroughApi(request, user, brand);

  await useSession(page, await adminLogin(request), 'admin');
  const card = await openApplication(page, brand);
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${brand}?` });
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(dialog.getByText(MSG.rejectionReasonRequired)).toBeVisible();
  await dialog.getByLabel('Reason for rejecting').fill('The facebook page shows another brand');
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: brand })).toHaveCount(0);

  await useSession(page, user, 'user');
  await page.goto('/profile');
  await expect(page.getByText('Reason: The facebook page shows another brand')).toBeVisible();
  await shots(page, 'hub-rejected');
  await page.getByRole('link', { name: 'Apply again' }).click();
  await expect(page).toHaveURL(/\/auth\/vendor-registration$/);

  // the last answers are filled in; the PAN (kept masked) is asked again, as is the account number
  await expect(page.getByLabel('Brand name')).toHaveValue(brand);
  await page.getByLabel('PAN number').fill(pan);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/vendor-registration-second$/);
  await expect(page.getByLabel('Shipping address')).toHaveValue('3 MG Road');
  await expect(page.getByLabel('IFSC code')).toHaveValue('HDFC0000001');
  await page.getByLabel('Account number').fill('123456789');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(MSG.sellerWaiting)).toBeVisible();
});
