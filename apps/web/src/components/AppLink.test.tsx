import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { AppLink } from './AppLink.tsx';

describe('AppLink', () => {
  it('is a real link to the address, and a plain click moves the app there without loading a page', () => {
    const { location } = renderAt(<AppLink to="/products/sarees">Sarees</AppLink>, { url: '/' });
    const link = screen.getByRole('link', { name: 'Sarees' });
    expect(link.getAttribute('href')).toBe('/products/sarees');
    const plain = fireEvent.click(link);
    expect(plain).toBe(false); // the browser's own navigation was prevented
    expect(location.current).toBe('/products/sarees');
  });

  it('leaves a click with a modifier key or for another target to the browser (a new tab)', () => {
    const { location } = renderAt(
      <>
        <AppLink to="/store/rang-mahal">Store</AppLink>
        <AppLink to="/store/other" target="_blank">
          Other
        </AppLink>
      </>,
      { url: '/' },
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'Store' }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Store' }), { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Other' }))).toBe(true);
    expect(location.current).toBe('/');
  });
});
