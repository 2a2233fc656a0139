import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageItems, Pagination } from './Pagination.tsx';

describe('page numbers', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the current page with its neighbours', () => {
    expect(pageItems(1, 75)).toEqual([1, 2, 3, 4, 5, 'gap', 75]);
    expect(pageItems(40, 75)).toEqual([1, 'gap', 39, 40, 41, 'gap', 75]);
    expect(pageItems(75, 75)).toEqual([1, 'gap', 71, 72, 73, 74, 75]);
  });
});

describe('Pagination', () => {
  it('marks the current page and goes to the one clicked', async () => {
    const onChange = vi.fn();
    render(<Pagination page={2} pageCount={4} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange.mock.calls).toEqual([[4], [1]]);
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
