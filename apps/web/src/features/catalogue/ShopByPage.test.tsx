import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '../../test/render.tsx';
import ShopByPage, { nextShown } from './ShopByPage.tsx';

const states = Array.from({ length: 36 }, (_, i) => ({
  _id: `s${i}`,
  name: `State ${i + 1}`,
  slug: `state-${i + 1}`,
  image: `/media/state-${i}.webp`,
  video: null,
  slogan: `Slogan ${i + 1}`,
}));

afterEach(() => vi.unstubAllGlobals());

describe('LOAD MORE', () => {
  it('doubles the number of cards shown', { timeout: 20_000 }, () => {
    expect([12, 24, 48].map(nextShown)).toEqual([24, 48, 96]);
  });

  it('shows 12 cards, then 24, then all, then no button', { timeout: 20_000 }, async () => {
    mockApi({ 'state/list': states });
    renderAt(<ShopByPage />, { url: '/shop-by/region', path: '/shop-by/:tab' });
    expect(await screen.findAllByRole('link', { name: /^State \d+/ })).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'LOAD MORE' }));
    expect(screen.getAllByRole('link', { name: /^State \d+/ })).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'LOAD MORE' }));
    expect(screen.getAllByRole('link', { name: /^State \d+/ })).toHaveLength(36);
    expect(screen.queryByRole('button', { name: 'LOAD MORE' })).toBeNull();
  });
});

describe('shop-by tabs', () => {
  it('opens the Pan India coverage dialog on the regions tab', { timeout: 20_000 }, async () => {
    mockApi({ 'state/list': states });
    renderAt(<ShopByPage />, { url: '/shop-by/region', path: '/shop-by/:tab' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pan India coverage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pan India coverage' });
    expect(dialog.textContent).toContain('15+');
    expect(dialog.textContent).toContain('72K');
    expect(dialog.textContent).toContain('1.5M');
  });

  it('links category cards to their listings and has no coverage dialog there', { timeout: 20_000 }, async () => {
    mockApi({ 'category/list': [{ _id: 'c1', name: 'Sarees', slug: 'sarees', image: '/media/c1.webp', subcategory: [] }] });
    renderAt(<ShopByPage />, { url: '/shop-by/category', path: '/shop-by/:tab' });
    expect((await screen.findByRole('link', { name: /Sarees/ })).getAttribute('href')).toBe('/products/sarees');
    expect(screen.queryByRole('button', { name: 'Pan India coverage' })).toBeNull();
  });

  it('shows the not-found page for an unknown tab', { timeout: 20_000 }, () => {
    mockApi({});
    renderAt(<ShopByPage />, { url: '/shop-by/colours', path: '/shop-by/:tab' });
    expect(screen.getByRole('heading', { name: 'This page is not here' })).toBeTruthy();
  });
});
