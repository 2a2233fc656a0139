import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productCard } from '../../test/fixtures.ts';
import { mockApi, renderAt, reply } from '../../test/render.tsx';
import HomeMore from './HomeMore.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('home sections', () => {
  it('each section draws its own answer in turn; an empty one leaves no heading; a failed one offers to try again', async () => {
    let dealsAsked = 0;
    mockApi({
      'category/list': [{ _id: 'c1', name: 'Sarees', slug: 'sarees', image: '/media/c.webp', subcategory: [] }],
      'state/list': [],
      'product/topSelling': [productCard({ _id: 'p1', slug: 'blue-saree', name: 'Blue Saree' })],
      crazydeals: () => (++dealsAsked === 1 ? reply(500, { success: false, message: 'Server error' }) : []),
    });
    renderAt(<HomeMore />);

    const sarees = await screen.findByRole('link', { name: 'Sarees' });
    expect(sarees.getAttribute('href')).toBe('/products/sarees');
    // the last section, nine stagger steps on
    expect((await screen.findByRole('link', { name: /Blue Saree/ }, { timeout: 3000 })).getAttribute('href')).toBe('/product/blue-saree');
    expect(screen.queryByRole('heading', { name: 'Shop by States' })).toBeNull();

    const deals = screen.getByRole('heading', { name: 'Crazy Deals' }).closest('section')!;
    expect(deals.textContent).toContain('This section could not be loaded.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' }).find((b) => deals.contains(b))!);
    // asked again, and now empty: the section goes
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Crazy Deals' })).toBeNull());
    expect(dealsAsked).toBe(2);
    // the others still stand
    expect(screen.getByRole('link', { name: 'Sarees' })).toBe(sarees);
  });
});
