import { expect, test } from './fixtures.ts';

test.describe('the Digi chatbot', () => {
  test('answers a question by meaning from the floating icon, and falls back when it has no answer', async ({ page }) => {
    await page.goto('/FAQ');
    await page.getByRole('button', { name: 'Help and support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat with Digi' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your question').fill('how can I become a vendor?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    // sure → the answer; torn between near questions ("what does it cost to sell") → "Did you mean…", one tap
    const answer = dialog.getByText(/Register through the vendor registration page/);
    const choice = dialog.getByRole('group', { name: 'Did you mean' }).getByRole('button', { name: 'How do I become a seller?' });
    await expect(answer.or(choice)).toBeVisible();
    if (await choice.isVisible()) await choice.click();
    await expect(answer).toBeVisible();
    await dialog.getByLabel('Your question').fill('what is the weather in Shimla today');
    await dialog.getByLabel('Your question').press('Enter');
    await expect(dialog.getByText('Thank you for your question. Our admin will review it and get back to you soon.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Ask a person' })).toHaveAttribute('href', '/contact-us');
  });
});
