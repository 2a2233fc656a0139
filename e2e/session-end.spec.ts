import { expect, test } from './fixtures.ts';
import { createUser, signIn } from './helpers.ts';

/*
 * Sessions end on open sockets (issue 23): a shopper with a chat open whose session is ended from another
 * connection (here the session's own token logged out elsewhere, as after a stolen phone) is told at once and asked
 * to log in again; the chat does not go on with the dead session.
 */
test('a shopper with a chat open is asked to log in again as soon as the session is ended from another connection', async ({ page, request }) => {
  const shopper = await createUser(request, 'Asha', 'Pillai');
  const list = await (await request.post('/api/product/list', { data: { page: 1, pageSize: 1 } })).json();
  const slug = (list.data.products as Array<{ slug: string }>)[0]!.slug;

  await signIn(page, shopper);
  await page.goto(`/product/${slug}`);
  await page.getByRole('button', { name: 'Chat with vendor' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.getByLabel('Message').fill('Is this available in green?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'available in green' })).toBeVisible();

  // another connection ends the session: nothing happens in this tab's own HTTP calls meanwhile
  const logout = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${shopper.accessToken}` } });
  expect(logout.ok()).toBe(true);

  await expect(page.getByText('Your session has ended. Please log in again')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('dialog', { name: 'Login or Sign up' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
