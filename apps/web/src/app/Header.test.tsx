import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLogin, useLoginRequest } from '../features/auth/login-prompt.ts';
import { KEYS, storage } from '../lib/storage.ts';
import { renderAt } from '../test/render.tsx';
import { BadgeSources, useBadgeReport } from './badges.tsx';
import { Header } from './Header.tsx';

function LoginProbe() {
  const request = useLoginRequest();
  return request ? <p>login asked for {request.redirectTo}</p> : null;
}

afterEach(() => closeLogin());

/** The header's icon links (the desktop menu bar, hidden on phones by the stylesheet, has a Wallet link too). */
const account = () => within(screen.getByRole('navigation', { name: 'Your account' }));

function renderHeader(extra?: ReactNode) {
  return renderAt(
    <>
      <BadgeSources />
      {extra}
      <Header />
      <LoginProbe />
    </>,
  );
}

describe('header icons', () => {
  it('sends a guest to the guest cart and a signed-in shopper to the cart', () => {
    const { unmount } = renderHeader();
    expect(account().getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/guestCheckoutCart');
    unmount();
    storage.set(KEYS.accessToken, 't');
    storage.set(KEYS.role, 'user');
    renderHeader();
    expect(account().getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
  });

  it('asks a guest to log in for profile, wishlist, wallet and chats', async () => {
    const { location } = renderHeader();
    for (const [name, to] of [
      ['Profile', '/profile'],
      ['Wishlist', '/wishlist'],
      ['Wallet', '/wallet'],
      ['Chats', '/chat-list'],
    ] as const) {
      await userEvent.click(account().getByRole('link', { name }));
      expect(screen.getByText(`login asked for ${to}`)).toBeTruthy();
      expect(location.current).toBe('/');
      act(() => closeLogin());
    }
  });

  it('lets a signed-in user through and hides the wallet from vendors', async () => {
    storage.set(KEYS.accessToken, 't');
    storage.set(KEYS.role, 'vendor');
    const { location } = renderHeader();
    expect(account().queryByRole('link', { name: 'Wallet' })).toBeNull();
    await userEvent.click(account().getByRole('link', { name: 'Wishlist' }));
    expect(location.current).toBe('/wishlist');
    expect(screen.queryByText(/login asked/)).toBeNull();
  });

  it('shows the counts features report, summed per badge, and hides a zero', async () => {
    function Count({ badge, n }: { badge: 'wishlist' | 'chat'; n: number }) {
      useBadgeReport(badge, n);
      return null;
    }
    renderHeader(
      <>
        <Count badge="wishlist" n={2} />
        <Count badge="wishlist" n={5} />
        <Count badge="chat" n={0} />
      </>,
    );
    expect((await screen.findByRole('link', { name: 'Wishlist, 7' })).textContent).toBe('7');
    expect(account().getByRole('link', { name: 'Chats' }).textContent).toBe('');
  });
});
