import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { codeFrom, createUser, loginInDialog, randomMobile } from './helpers.ts';

/*
 * Accounts in the browser (issue 3): the login dialog, sign-up, password recovery, profile editing and the
 * route guards, against the real server in demo mode (OTP codes come back as data.otp, read from the network).
 * Demo accounts are never changed here (other specs log in with them); each test makes its own people.
 */

const DEMO_USER = { mobile: '9000000003', name: 'Rahul Menon' };

test.describe('login dialog', () => {
  test('logs the demo user in with a one-time code and returns to the page asked for', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/\?login=true&redirectTo=%2Fprofile$/);
    const dialog = page.getByRole('dialog', { name: 'Login or Sign up' });

    // bad input never leaves the browser
    await dialog.getByLabel('Mobile number or e-mail').fill('12345');
    await dialog.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(dialog.getByText('Invalid input. Please enter mobile number or email')).toBeVisible();

    await dialog.getByLabel('Mobile number or e-mail').fill(DEMO_USER.mobile);
    const otp = await codeFrom(page, 'auth/request-login-otp', () => dialog.getByRole('button', { name: 'CONTINUE' }).click());
    const codeDialog = page.getByRole('dialog', { name: 'Verify to log in' });
    await expect(codeDialog.getByText(/Resend code in 0:(50|49|48)/)).toBeVisible();
    await expect(codeDialog.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();

    await codeDialog.getByLabel('Enter the 6-digit code').fill('123');
    await codeDialog.getByRole('button', { name: 'VERIFY & LOGIN' }).click();
    await expect(codeDialog.getByText('OTP must be of 6 digits')).toBeVisible();

    const wrong = otp === '000000' ? '111111' : '000000';
    await codeDialog.getByLabel('Enter the 6-digit code').fill(wrong);
    await codeDialog.getByRole('button', { name: 'VERIFY & LOGIN' }).click();
    await expect(codeDialog.getByRole('alert')).toContainText(/OTP/i);

    await codeDialog.getByLabel('Enter the 6-digit code').fill(otp);
    await codeDialog.getByRole('button', { name: 'VERIFY & LOGIN' }).click();
    await expect(page.getByText('Login Successfull!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: DEMO_USER.name })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('role'), Boolean(localStorage.getItem('accessToken'))])).toEqual(['user', true]);
  });

  test('signs up a new mobile: code, details, then logged in', async ({ page }) => {
    const mobile = randomMobile();
    await page.goto('/profile');
    const dialog = page.getByRole('dialog', { name: 'Login or Sign up' });
    await dialog.getByLabel('Mobile number or e-mail').fill(mobile);
    const otp = await codeFrom(page, 'auth/request-otp', () => dialog.getByRole('button', { name: 'CONTINUE' }).click());

    const codeDialog = page.getByRole('dialog', { name: 'Verify to sign up' });
    await expect(codeDialog.getByText('No account yet for this number')).toBeVisible();
    await expect(codeDialog.getByText(/Resend code in (1:00|0:5\d)/)).toBeVisible();
    await codeDialog.getByLabel('Enter the 6-digit code').fill(otp);
    await codeDialog.getByRole('button', { name: 'VERIFY' }).click();

    const details = page.getByRole('dialog', { name: 'Tell us about you' });
    await expect(details.getByLabel('Mobile number')).toHaveValue(mobile);
    await details.getByRole('button', { name: 'SIGN UP' }).click();
    await expect(details.getByText('Please enter first name')).toBeVisible();
    await expect(details.getByText('Please enter last name')).toBeVisible();
    await details.getByLabel('First name').fill('Kavya');
    await details.getByLabel('Last name').fill('Iyer');
    await details.getByLabel('E-mail (optional)').fill('not-an-email');
    await details.getByRole('button', { name: 'SIGN UP' }).click();
    await expect(details.getByText('Please enter a valid email address (lowercase letters, numbers, and valid email characters only)!')).toBeVisible();
    await details.getByLabel('E-mail (optional)').fill(`kavya.${mobile}@example.com`);
    await details.getByRole('button', { name: 'SIGN UP' }).click();

    await expect(page.getByText('Login Successfull!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Kavya Iyer' })).toBeVisible();
    await expect(page.getByText(`+91 ${mobile}`)).toBeVisible();
  });
});

test.describe('password recovery', () => {
  test('sets a new password with a code, then logs in with it', async ({ page, request }) => {
    const person = await createUser(request, 'Arjun', 'Das');
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);

    await page.getByRole('button', { name: 'SEND OTP' }).click();
    await expect(page.getByText('Please enter valid mobile number')).toBeVisible();
    await page.getByLabel('Mobile number').fill(person.mobile);
    const otp = await codeFrom(page, 'auth/forget-password-request-otp', () => page.getByRole('button', { name: 'SEND OTP' }).click());

    await expect(page).toHaveURL(/\/auth\/forgot-password-otp$/);
    await page.getByLabel('Enter the 6-digit code').fill(otp);
    await page.getByRole('button', { name: 'VERIFY' }).click();

    await expect(page).toHaveURL(/\/auth\/resetPassword$/);
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText('Please enter password', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter confirm password')).toBeVisible();
    await page.getByLabel('New password').fill('short1');
    await page.getByLabel('Confirm password').fill('short1');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText('Password must be at least 8 characters and contain a letter and a digit')).toBeVisible();
    await page.getByLabel('New password').fill('Handloom42');
    await page.getByLabel('Confirm password').fill('Handloom43');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText('Passwords does not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Handloom42');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Mobile number or e-mail').fill(person.mobile);
    await page.getByLabel('Password', { exact: true }).fill('Handloom41');
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    await expect(page.getByText('Unauthorized')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('Handloom42');
    await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
    await expect(page.getByText('Login Successfull!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
  });
});

test.describe('password recovery by e-mail', () => {
  test('an account made with an e-mail alone sets its first password through a code sent to that e-mail', async ({ page, request }) => {
    const email = `meera.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
    const sent = await (await request.post('/api/auth/request-otp', { data: { type: 'email', email } })).json();
    const verified = await (
      await request.post('/api/auth/verify-otp', { data: { type: 'email', email, otp: String(sent.data.otp).padStart(6, '0'), purpose: 'signup' } })
    ).json();
    const registered = await request.post('/api/auth/register', { data: { type: 'email', firstname: 'Meera', lastname: 'Nair', email, otpVerificationCode: verified.data.token } });
    expect(registered.ok()).toBe(true);

    await page.goto('/auth/forgot-password');
    await page.getByLabel('Mobile number or e-mail').fill('meera@');
    await page.getByRole('button', { name: 'SEND OTP' }).click();
    await expect(page.getByText('Invalid input. Please enter valid mobile number or email address')).toBeVisible();
    await page.getByLabel('Mobile number or e-mail').fill(email);
    const otp = await codeFrom(page, 'auth/forget-password-request-otp', () => page.getByRole('button', { name: 'SEND OTP' }).click());
    await expect(page).toHaveURL(/\/auth\/forgot-password-otp$/);
    await expect(page.getByText('Check your e-mail for the 6-digit code.')).toBeVisible();
    await page.getByLabel('Enter the 6-digit code').fill(otp);
    await page.getByRole('button', { name: 'VERIFY' }).click();

    await expect(page).toHaveURL(/\/auth\/resetPassword$/);
    await page.getByLabel('New password').fill('Kasavu2026');
    await page.getByLabel('Confirm password').fill('Kasavu2026');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const login = await request.post('/api/auth/password-login', { data: { type: 'email', email, password: 'Kasavu2026' } });
    expect(login.status()).toBe(200);
  });
});

test.describe('profile', () => {
  test('a changed name is saved and still there after a reload', async ({ page, request }) => {
    const person = await createUser(request, 'Neha', 'Kapoor');
    await page.addInitScript((s) => {
      if (!localStorage.getItem('accessToken')) {
        localStorage.setItem('accessToken', s.accessToken);
        localStorage.setItem('userID', s.userId);
        localStorage.setItem('role', 'user');
      }
    }, person);
    await page.goto('/profile');
    await page.getByRole('link', { name: /Edit Profile/ }).click();
    await expect(page).toHaveURL(/\/edit-profile-user$/);

    await expect(page.getByLabel('Mobile number')).toHaveAttribute('readonly', '');
    await page.getByLabel('First name').fill('  ');
    await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await expect(page.getByText('Please enter first name')).toBeVisible();

    await page.getByLabel('First name').fill('Nehal');
    await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await expect(page.getByText('Your profile has been Updated')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Nehal');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Nehal Kapoor' })).toBeVisible();
  });
});

test.describe('route guards', () => {
  test('a guest opening /wishlist logs in and comes back to /wishlist', async ({ page, request }) => {
    const person = await createUser(request);
    await page.goto('/wishlist');
    await expect(page).toHaveURL(/\/\?login=true&redirectTo=%2Fwishlist$/);
    await loginInDialog(page, person.mobile);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/wishlist$/);
  });

  test('a guest opening /chat-list is sent to /?login=true and lands on /chat-list after login', async ({ page, request }) => {
    const person = await createUser(request);
    await page.goto('/chat-list');
    await expect(page).toHaveURL(/\/\?login=true$/);
    await loginInDialog(page, person.mobile);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/chat-list$/);
  });

  test('a guest opening one chat keeps its id through the login', async ({ page, request }) => {
    const person = await createUser(request);
    // a real chat of this person with the demo vendor (an unknown chat id leads to /chat-list once signed in)
    const vendor = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000002', password: 'Statewise@123' } })).json();
    const chat = await (await request.post('/api/chat/create', { headers: { authorization: `Bearer ${person.accessToken}` }, data: { vendorId: vendor.data.user._id } })).json();
    const chatId = chat.data._id as string;
    await page.goto(`/chat/${chatId}`);
    await expect(page).toHaveURL(new RegExp(`/\\?login=true&chatId=${chatId}$`));
    await loginInDialog(page, person.mobile);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  });

  test('closing the dialog leaves the guest on the home page', async ({ page }) => {
    await page.goto('/wishlist');
    await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });
});

/** Gives an API-made account a password through the recovery calls. */
async function setPassword(request: APIRequestContext, mobile: string, password: string) {
  const sent = await (await request.post('/api/auth/forget-password-request-otp', { data: { type: 'mobile', mobile } })).json();
  const otp = String(sent.data.otp).padStart(6, '0');
  const verified = await (await request.post('/api/auth/verify-otp', { data: { type: 'mobile', mobile, otp, purpose: 'reset' } })).json();
  const reset = await request.post('/api/auth/reset-password', { data: { type: 'mobile', mobile, otpVerificationCode: verified.data.token, password } });
  expect(reset.ok()).toBe(true);
  const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile, password } })).json();
  return { accessToken: login.data.accessToken as string, userId: login.data.user._id as string };
}

async function signInAs(page: Page, session: { accessToken: string; userId: string }) {
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('userID', s.userId);
      localStorage.setItem('role', 'user');
    }
  }, session);
}

test.describe('leaving', () => {
  test('Log Out revokes the token, forgets everything and goes home', async ({ page, request }) => {
    const person = await createUser(request, 'Lata', 'Bose');
    await signInAs(page, person);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Lata Bose' })).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const after = await request.get('/api/user', { headers: { authorization: `Bearer ${person.accessToken}` } });
    expect(after.status()).toBe(401);
  });

  test('Delete Account wants the right password, then removes the account and goes to login', async ({ page, request }) => {
    const person = await createUser(request, 'Omar', 'Khan');
    const session = await setPassword(request, person.mobile, 'Pashmina7');
    await signInAs(page, session);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/auth\/delete-account$/);
    await expect(page.getByLabel('Mobile number')).toHaveValue(person.mobile);

    await page.getByRole('button', { name: 'DELETE' }).click();
    await expect(page.getByText('Please enter password', { exact: true })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Pashmina8');
    await page.getByRole('button', { name: 'DELETE' }).click();
    await expect(page.getByText('Invalid User')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('Pashmina7');
    await page.getByRole('button', { name: 'DELETE' }).click();
    await expect(page.getByText('Account deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const login = await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: person.mobile, password: 'Pashmina7' } });
    expect(login.status()).toBe(401);
  });

  test('a revoked token is forgotten and the login dialog asks again', async ({ page, request }) => {
    const person = await createUser(request);
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${person.accessToken}` } });
    await signInAs(page, person);
    await page.goto('/profile');
    await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
