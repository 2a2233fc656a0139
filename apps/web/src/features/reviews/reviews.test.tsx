import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../auth/session.ts';
import { ReviewsSection } from './ReviewsSection.tsx';
import { StarInput } from './Stars.tsx';
import { validateReview } from './validate.ts';

function Picker() {
  const [value, setValue] = useState(0);
  return (
    <>
      <StarInput value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

// jsdom has no CSS.escape; user-event needs it to walk a radio group with the arrow keys (browsers do this natively).
const g = globalThis as unknown as { CSS?: { escape?: (s: string) => string } };
g.CSS ??= {};
g.CSS.escape ??= (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`);

describe('StarInput', () => {
  it('picks a rating with a click and changes it with the arrow keys', async () => {
    render(<Picker />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(screen.getByRole('radio', { name: '4 stars, Very good' }));
    expect(screen.getByRole('status').textContent).toBe('4');
    expect(screen.getByText('Very good')).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('status').textContent).toBe('5');
    expect((screen.getByRole('radio', { name: '5 stars, Excellent' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('status').textContent).toBe('3');
  });
});

describe('validateReview', () => {
  it('asks for a rating and a comment of at most 2000 characters', () => {
    expect(validateReview(0, '')).toEqual({ rating: 'Please select a rating', review: 'Please write your review' });
    expect(validateReview(5, '   ')).toEqual({ review: 'Please write your review' });
    expect(validateReview(3, 'x'.repeat(2001))).toEqual({ review: 'Your review can be at most 2000 characters' });
    expect(validateReview(3, '🙂'.repeat(2000))).toEqual({});
  });
});

describe('ReviewsSection', () => {
  const productId = '0b6f3d0e-1111-4111-8111-111111111111';
  const me = '0b6f3d0e-2222-4222-8222-222222222222';
  const review = (id: string, userId: string, firstname: string, rating: number) => ({
    _id: id,
    productId,
    rating,
    review: `${firstname} wrote this`,
    userId: { _id: userId, firstname, lastname: 'K' },
    verifiedPurchase: firstname === 'Asha',
    createdAt: '2025-11-20T10:00:00.000Z',
    updatedAt: '2025-11-20T10:00:00.000Z',
  });
  const mine = review('0b6f3d0e-3333-4333-8333-333333333333', me, 'Meera', 4);
  const theirs = review('0b6f3d0e-4444-4444-8444-444444444444', '0b6f3d0e-5555-4555-8555-555555555555', 'Asha', 5);

  afterEach(() => vi.unstubAllGlobals());

  function serve(loggedIn: boolean) {
    if (loggedIn) saveSession({ accessToken: 't', userId: me, role: 'user' });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const json = (data: unknown, message?: string) => new Response(JSON.stringify({ success: true, data, message }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.includes('reviews/reviewsCount/')) return json({ counts: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 }, total: 2, average: 4.5 });
      if (url.includes('reviews/mine/')) return json({ product: { _id: productId, name: 'Kurta', slug: 'kurta', image: '' }, review: mine });
      if (init?.method === 'DELETE') return json(null, 'Product Review has been removed !');
      return json({ reviews: [theirs, mine], total: 2, page: 1, pageSize: 10 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReviewsSection productId={productId} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return fetchMock;
  }

  it('shows the average, the breakdown and the reviews, with delete only on the viewer’s own', async () => {
    const fetchMock = serve(true);
    const items = await screen.findAllByTestId('review');
    expect(items).toHaveLength(2);
    expect(screen.getByLabelText('Average rating 4.5 out of 5')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: 'Delete your review' })).toBeNull();
    expect(within(items[0]!).getByText('Verified purchase')).toBeTruthy();
    const del = within(items[1]!).getByRole('button', { name: 'Delete your review' });
    // already reviewed: the action is to edit, not a second review
    expect(screen.getByRole('link', { name: 'Edit your review' }).getAttribute('href')).toBe(`/update-review/${mine._id}`);

    await userEvent.click(del);
    const dialog = screen.getByRole('dialog', { name: 'Delete your review?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith(`/api/reviews/${mine._id}`) && i?.method === 'DELETE')).toBe(true));
  });

  it('offers a guest Write Review, which asks them to log in', async () => {
    serve(false);
    await screen.findAllByTestId('review');
    expect(screen.queryByRole('button', { name: 'Delete your review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Write Review' })).toBeTruthy();
  });
});
