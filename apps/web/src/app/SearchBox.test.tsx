import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '../test/render.tsx';
import { SearchBox } from './SearchBox.tsx';

const LONG = 'Royal Blue Banarasi Katan Silk Saree with Heavy Zari Border and Blouse Piece'; // 76 characters
const suggestions = [
  { _id: 'a', name: LONG, slug: 'royal-blue-banarasi', images: ['/media/a.webp'] },
  { _id: 'b', name: 'Banarasi Dupatta', slug: 'banarasi-dupatta', images: [] },
];

afterEach(() => vi.unstubAllGlobals());

describe('header search suggestions', () => {
  it('asks once the typing stops and cuts long names at 55 characters', { timeout: 20_000 }, async () => {
    const api = mockApi({ 'product/search-sugggestion': suggestions });
    renderAt(<SearchBox />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search products' }), 'banar');
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(options.map((o) => o.textContent)).toEqual([`${LONG.slice(0, 55)}...`, 'Banarasi Dupatta']);
    // debounced: one call for the whole word, not one per letter
    expect(api).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ search: 'banar' });
    expect(screen.getByRole('listbox').style.maxHeight).toBe('300px');
  });

  it('moves through the list with the arrows and opens the product on Enter', { timeout: 20_000 }, async () => {
    mockApi({ 'product/search-sugggestion': suggestions });
    const { location } = renderAt(<SearchBox />);
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'banar');
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const first = screen.getAllByRole('option')[0]!;
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    await userEvent.keyboard('{Enter}');
    expect(location.current).toBe('/product/royal-blue-banarasi');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on Escape and searches for the text on Enter', { timeout: 20_000 }, async () => {
    mockApi({ 'product/search-sugggestion': suggestions });
    const { location } = renderAt(<SearchBox />);
    await userEvent.type(screen.getByRole('combobox'), 'silk saree');
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(location.current).toBe('/search?search=silk%20saree');
  });

  it('opens a suggestion that is clicked', { timeout: 20_000 }, async () => {
    mockApi({ 'product/search-sugggestion': suggestions });
    const { location } = renderAt(<SearchBox />);
    await userEvent.type(screen.getByRole('combobox'), 'dupatta');
    await userEvent.click(await screen.findByRole('option', { name: /Banarasi Dupatta/ }, { timeout: 2000 }));
    await waitFor(() => expect(location.current).toBe('/product/banarasi-dupatta'));
  });
});
