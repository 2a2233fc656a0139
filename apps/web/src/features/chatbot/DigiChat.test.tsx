import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@statewise/contract/messages';
import { mockApi, renderAt } from '../../test/render.tsx';
import { DigiChat } from './DigiChat.tsx';

const askAs = (text: string) => {
  fireEvent.change(screen.getByLabelText('Your question'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};

describe('DigiChat', () => {
  it('shows the question and then the answer from the server', async () => {
    const fetchMock = mockApi({ 'faq/user-faq': (body: unknown) => ({ answer: `Answer to ${(body as { question: string }).question}`, answered: true, faqId: 'f1', suggestions: [] }) });
    renderAt(<DigiChat />);
    askAs('  where is my order  ');
    expect(screen.getByText('where is my order')).toBeTruthy();
    expect(await screen.findByText('Answer to where is my order')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Your question') as HTMLInputElement).value).toBe('');
  });

  it('asks a starter question with one tap, and hides the starters after', async () => {
    mockApi({ 'faq/user-faq': { answer: 'Open your profile.', answered: true, faqId: 'f1', suggestions: [] } });
    renderAt(<DigiChat />);
    fireEvent.click(screen.getByRole('button', { name: 'Where can I see my order?' }));
    expect(await screen.findByText('Open your profile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'How do I become a seller?' })).toBeNull();
  });

  it('says the spec’s error sentence when the request fails', async () => {
    mockApi({ 'faq/user-faq': () => { throw new TypeError('Failed to fetch'); } });
    renderAt(<DigiChat />);
    askAs('hello');
    expect(await screen.findByText(MSG.chatbotError)).toBeTruthy();
  });

  it('offers “Did you mean…” questions when unsure, and asks the one tapped', async () => {
    const fetchMock = mockApi({
      'faq/user-faq': (body: unknown) =>
        (body as { question: string }).question === 'payment'
          ? { answer: MSG.chatbotDidYouMean, answered: false, faqId: null, suggestions: [{ faqId: 'a', question: 'Which payment methods can I use?' }, { faqId: 'b', question: 'My payment failed. What now?' }] }
          : { answer: 'UPI, cards and cash on delivery.', answered: true, faqId: 'a', suggestions: [] },
    });
    renderAt(<DigiChat />);
    askAs('payment');
    const options = await screen.findByRole('group', { name: 'Did you mean' });
    fireEvent.click(within(options).getByRole('button', { name: 'Which payment methods can I use?' }));
    expect(await screen.findByText('UPI, cards and cash on delivery.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives the fallback with a way to ask a person when there is no answer', async () => {
    mockApi({ 'faq/user-faq': { answer: MSG.chatbotNoAnswer, answered: false, faqId: null, suggestions: [] } });
    renderAt(<DigiChat />);
    askAs('what is the weather today');
    expect(await screen.findByText(MSG.chatbotNoAnswer)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask a person' }).getAttribute('href')).toBe('/contact-us');
  });

  it('does not send an empty question', () => {
    const fetchMock = mockApi({});
    renderAt(<DigiChat />);
    askAs('   ');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
