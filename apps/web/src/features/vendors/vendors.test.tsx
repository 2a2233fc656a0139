import type { VendorCard, VendorDetails } from '@statewise/contract/schemas/catalogue';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS, storage } from '../../lib/storage.ts';
import { mockApi, renderAt } from '../../test/render.tsx';
import StalwartPage from './StalwartPage.tsx';
import StorePage from './StorePage.tsx';

// Typing through user-event is slow on a busy 2-core machine; the default 5 s is too tight here.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const vendor = (i: number): VendorCard => ({
  _id: `card-${i}`,
  image: `/v${i}.webp`,
  place: 'Varanasi, Uttar Pradesh',
  description: 'Banarasi silks',
  vendorId: { _id: `user-${i}`, firstname: 'Abdul', lastname: 'Ansari' },
  vendorInfo: { sellerName: `Seller ${i}`, vendorSlug: `store-${i}`, brandName: `Brand ${i}` },
});

const store: VendorDetails = {
  _id: 'v1',
  userId: 'user-1',
  brandName: 'Kashi Weaves',
  sellerName: 'Abdul Ansari',
  vendorSlug: 'kashi-weaves',
  bio: 'Banarasi silks from Madanpura.',
  banner: '/banner.webp',
  avatar: '/avatar.webp',
  policy: '',
  sizeChart: '',
  place: 'Varanasi',
  state: 'Uttar Pradesh',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodies = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/api/${path}`).map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('vendor directory', () => {
  it('asks for 16 a page and pages through numbered pages', async () => {
    const fetchMock = mockApi({ 'admin/vendors': (body: unknown) => ({ total: 40, vendors: Array.from({ length: 16 }, (_, i) => vendor((Number((body as { page: number }).page) - 1) * 16 + i)) }) });
    const { location } = renderAt(<StalwartPage />, { url: '/stalwart-page' });
    expect(await screen.findByRole('article', { name: 'Brand 0' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(16);
    expect(bodies(fetchMock, 'admin/vendors')[0]).toEqual({ page: 1, pageSize: 16 });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Brand 32' })).toBeTruthy();
    expect(location.current).toBe('/stalwart-page?page=3');
  });

  it('searches after a pause, once for the whole word, from page 1', async () => {
    const fetchMock = mockApi({ 'admin/vendors': (body: unknown) => ({ total: (body as { search?: string }).search ? 1 : 40, vendors: [vendor(7)] }) });
    const user = userEvent.setup();
    const { location } = renderAt(<StalwartPage />, { url: '/stalwart-page?page=2' });
    await screen.findByRole('article', { name: 'Brand 7' });
    await user.type(screen.getByLabelText('Search sellers'), 'kashi');
    await waitFor(() => expect(location.current).toBe('/stalwart-page?q=kashi'));
    await waitFor(() => expect(bodies(fetchMock, 'admin/vendors').at(-1)).toEqual({ page: 1, pageSize: 16, search: 'kashi' }));
    // one request for the whole word, not one per letter
    expect(bodies(fetchMock, 'admin/vendors').filter((b) => b.search)).toHaveLength(1);
  });

  it('shows Chat with Vendor to a guest and not to a vendor', async () => {
    mockApi({ 'admin/vendors': { total: 1, vendors: [vendor(1)] } });
    renderAt(<StalwartPage />);
    expect(await screen.findByRole('button', { name: 'Chat with Vendor' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check Out Products' }).getAttribute('href')).toBe('/store/store-1');
  });

  it('hides Chat with Vendor from a vendor', async () => {
    storage.set(KEYS.accessToken, 't');
    storage.set(KEYS.role, 'vendor');
    mockApi({ 'admin/vendors': { total: 1, vendors: [vendor(1)] } });
    renderAt(<StalwartPage />);
    await screen.findByRole('article', { name: 'Brand 1' });
    expect(screen.queryByRole('button', { name: 'Chat with Vendor' })).toBeNull();
  });
});

describe('Chat with Vendor for a shopper', () => {
  it('opens (or makes) the chat with that vendor and goes to it', async () => {
    storage.set(KEYS.accessToken, 't');
    storage.set(KEYS.role, 'user');
    const fetchMock = mockApi({ 'admin/vendors': { total: 1, vendors: [vendor(1)] }, 'chat/create': { _id: 'chat-9' } });
    const { location } = renderAt(<StalwartPage />, { url: '/stalwart-page' });
    await userEvent.click(await screen.findByRole('button', { name: 'Chat with Vendor' }));
    await waitFor(() => expect(location.current).toBe('/chat/chat-9'));
    expect(bodies(fetchMock, 'chat/create')).toEqual([{ vendorId: 'user-1' }]);
  });
});

describe('vendor store', () => {
  it('shows the store and asks for its products 16 a page by the vendor’s user id', async () => {
    const fetchMock = mockApi({ 'vendor/slug/kashi-weaves': store, 'vendor/products/list': { total: 0, products: [] } });
    renderAt(<StorePage />, { url: '/store/kashi-weaves', path: '/store/:vendorSlug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kashi Weaves' })).toBeTruthy();
    expect(screen.getByText('Banarasi silks from Madanpura.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat With Vendor' })).toBeTruthy();
    expect(await screen.findByText('No Product Found')).toBeTruthy();
    expect(bodies(fetchMock, 'vendor/products/list')).toEqual([{ userId: 'user-1', page: 1, pageSize: 16 }]);
  });

  it('says a suspended store is unavailable, without asking for its products', async () => {
    const fetchMock = mockApi({ 'vendor/slug/kashi-weaves': { ...store, bio: '', suspended: true } });
    renderAt(<StorePage />, { url: '/store/kashi-weaves', path: '/store/:vendorSlug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kashi Weaves' })).toBeTruthy();
    expect(screen.getByText('Store unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat With Vendor' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('vendor/products/list'))).toBe(false);
  });

  it('says Store not found for an unknown store', async () => {
    mockApi({});
    renderAt(<StorePage />, { url: '/store/nope', path: '/store/:vendorSlug' });
    expect(await screen.findByRole('heading', { name: 'Store not found' })).toBeTruthy();
  });
});
