import { fireEvent, screen } from '@testing-library/react';
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
    const fetchMock = mockApi({ 'faq/user-faq': (body: unknown) => ({ answer: `Answer to ${(body as { question: string }).question}`, answered: true, faqId: 'f1' }) });
    renderAt(<DigiChat />);
    askAs('  where is my order  ');
    expect(screen.getByText('where is my order')).toBeTruthy();
    expect(await screen.findByText('Answer to where is my order')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Your question') as HTMLInputElement).value).toBe('');
  });

  it('asks a starter question with one tap, and hides the starters after', async () => {
    mockApi({ 'faq/user-faq': { answer: 'Open your profile.', answered: true, faqId: 'f1' } });
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

  it('does not send an empty question', () => {
    const fetchMock = mockApi({});
    renderAt(<DigiChat />);
    askAs('   ');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
