import { expect, test } from './fixtures.ts';

test.describe('content pages', () => {
  test('the FAQ accordion opens one question at a time and closes it again', async ({ page }) => {
    await page.goto('/FAQ');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    const first = page.getByRole('button', { name: 'What is the Statewise community?' });
    const seller = page.getByRole('button', { name: 'How do I become a seller?' });
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('The community is where vendors showcase')).toBeVisible();
    await seller.click();
    await expect(seller).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Register through the vendor registration page')).toBeVisible();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('The community is where vendors showcase')).toBeHidden();
    await seller.click();
    await expect(seller).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Register through the vendor registration page')).toBeHidden();
    // the spec's seven questions, then the demo's own (the chatbot answers from all of them)
    expect(await page.getByRole('button', { name: /\?$/ }).count()).toBeGreaterThanOrEqual(30);
  });

  test('Our Story shows the server text, its picture and the two founders', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Our Story' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shop wise, statewise' })).toBeVisible();
    await expect(page.getByText('CEO & Founder')).toHaveCount(2);
    await expect(page.getByText(/All India Pincode Directory/).first()).toBeVisible();
  });

  test('the policy pages and the footer links lead to their server text', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
    await footer.getByRole('link', { name: 'Return & Replacement' }).click();
    await expect(page.getByRole('heading', { name: 'When you can ask for a return or replacement' })).toBeVisible();
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page.getByRole('heading', { name: 'Orders and payment' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', /^https:\/\//);
  });
});

test.describe('the contact form', () => {
  test('shows each missing field’s message beside it, then sends a guest’s message', async ({ page, request }) => {
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please enter your name')).toBeVisible();
    await expect(form.getByText('Please enter your email')).toBeVisible();
    await expect(form.getByText('Please write your query')).toBeVisible();
    await expect(form.getByText('Please mention the subject of your query')).toBeVisible();
    await expect(form.getByLabel('Full name')).toBeFocused();
    await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

    const name = `Guest ${Date.now()}`;
    await form.getByLabel('Full name').fill(name);
    await expect(form.getByText('Please enter your name')).toBeHidden();
    await form.getByLabel('E-mail').fill('guest@');
    await form.getByLabel('Subject').selectOption('Bulk/ Customised Purchase Enquiry');
    await form.getByLabel('Your query').fill('Can you make 40 Bandhani dupattas for a wedding in March?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please enter valid email')).toBeVisible();
    await form.getByLabel('E-mail').fill('guest@example.in');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Message sent');

    // it is stored for the admin's inbox
    const login = await (await request.post('/api/auth/password-login', { data: { type: 'mobile', mobile: '9000000001', password: 'Statewise@123' } })).json();
    expect(login.success, login.message).toBe(true);
    const inbox = await (
      await request.get('/api/admin/contact-requests?handled=false', { headers: { authorization: `Bearer ${login.data.accessToken}` } })
    ).json();
    expect(inbox.data.requests[0]).toMatchObject({ fullName: name, email: 'guest@example.in', subject: 'Bulk/ Customised Purchase Enquiry' });
  });
});
