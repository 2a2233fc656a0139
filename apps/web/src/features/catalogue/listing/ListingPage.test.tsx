import type { ProductCard, ProductListBody } from '@statewise/contract/schemas/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productCard } from '../../../test/fixtures.ts';
import { mockApi, renderAt } from '../../../test/render.tsx';
import ListingPage from './ListingPage.tsx';

const SAREES = '11111111-1111-4111-8111-111111111111';
const GUJARAT = '55555555-5555-4555-8555-555555555555';
const categories = [
  { _id: SAREES, name: 'Sarees', slug: 'sarees', image: '/c.webp', subcategory: [{ _id: '22222222-2222-4222-8222-222222222222', subcategoryName: 'Silk Sarees', slug: 'silk-sarees', image: '/s.webp', categoryId: SAREES }] },
];
const states = [{ _id: GUJARAT, name: 'Gujarat', slug: 'gujarat', image: '/g.webp', video: null, slogan: 'Tied, dyed and mirrored' }];

const product = (n: number): ProductCard =>
  productCard({
    _id: `p${n}`,
    slug: `product-${n}`,
    name: `Product ${n}`,
    images: [`/media/p${n}.webp`],
    price: 2000,
    offeredPrice: 1500,
    discount: 25,
    isFreeSize: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

/** product/list over 40 products; a size filter leaves 3. */
function productList(body: unknown) {
  const b = body as ProductListBody & { page: number; pageSize: number };
  const total = b.size?.length ? 3 : 40;
  const from = (b.page - 1) * b.pageSize;
  return { products: Array.from({ length: Math.max(0, Math.min(b.pageSize, total - from)) }, (_, i) => product(from + i + 1)), total };
}

function api() {
  return mockApi({ 'category/list': categories, 'style/list': [], 'state/list': states, 'product/list': productList });
}
const listCalls = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('product/list')).map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

function setDesktop(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: desktop, media: query, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => vi.unstubAllGlobals());

const routes = { url: '', path: '/products/:categorySlug?' };

describe('listing on a desktop', () => {
  it('pages with numbers and writes the page to the address bar', { timeout: 20_000 }, async () => {
    setDesktop(true);
    api();
    const { location } = renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/' });
    expect(await screen.findByText('Showing 1–16 of 40 products')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Product \d+/ })).toHaveLength(16);
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(location.current).toBe('/products/?page=3');
    expect(await screen.findByText('Showing 33–40 of 40 products')).toBeTruthy();
  });

  it('a filter changes the address, the grid and goes back to page 1', { timeout: 20_000 }, async () => {
    setDesktop(true);
    const fetchMock = api();
    const { location } = renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/sarees?page=2' });
    expect(await screen.findByText('Showing 17–32 of 40 products')).toBeTruthy();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('button', { name: 'm' }));
    await waitFor(() => expect(location.current).toBe('/products/sarees?size=m'));
    expect(await screen.findByText('Showing 1–3 of 3 products')).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)).toEqual({ page: 1, pageSize: 16, categoryId: SAREES, size: ['m'] });
    // the applied filter shows as a chip that removes it
    await userEvent.click(screen.getByRole('button', { name: 'Remove Size M' }));
    await waitFor(() => expect(location.current).toBe('/products/sarees'));
  });

  it('shows the slogan of a chosen state and the not-found page for an unknown category', { timeout: 20_000 }, async () => {
    setDesktop(true);
    api();
    renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/?state=gujarat' });
    expect(await screen.findByText(/Tied, dyed and mirrored/)).toBeTruthy();
    vi.unstubAllGlobals();
    setDesktop(true);
    api();
    renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/no-such-thing' });
    expect(await screen.findByRole('heading', { name: 'This page is not here' })).toBeTruthy();
  });
});

describe('listing on a phone', () => {
  it('appends pages with Load more', { timeout: 20_000 }, async () => {
    setDesktop(false);
    api();
    renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/' });
    expect(await screen.findByText('40 products')).toBeTruthy();
    // the first screen's cards at once, the rest a moment later (ProductGrid's firstScreen)
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Product \d+/ })).toHaveLength(16));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Product \d+/ })).toHaveLength(32));

  });

  it('has separate Sort and Filter buttons: a sort applies at once and closes its sheet; the filters have no sort', { timeout: 20_000 }, async () => {
    setDesktop(false);
    const fetchMock = api();
    const { location } = renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/' });
    expect(await screen.findByText('40 products')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sort by' });
    expect(within(sheet).getByRole('radio', { name: 'Recommended' })).toHaveProperty('checked', true);
    await userEvent.click(within(sheet).getByRole('radio', { name: 'Price: high to low' }));
    await waitFor(() => expect(location.current).toBe('/products/?priceSort=-1'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sort by' })).toBeNull());
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ page: 1, pageSize: 16, priceSort: -1 }));

    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).queryByRole('radio', { name: 'Price: low to high' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: '30% or more' }));
    await waitFor(() => expect(location.current).toBe('/products/?discount=30&priceSort=-1'));
    // the sort is not counted as a filter
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeTruthy();
  });

  it('says No Product Found when nothing matches', { timeout: 20_000 }, async () => {
    setDesktop(false);
    mockApi({ 'category/list': categories, 'style/list': [], 'state/list': states, 'product/list': { products: [], total: 0 } });
    renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/?discount=50' });
    expect(await screen.findByText('No Product Found')).toBeTruthy();
  });
});

describe('search results', () => {
  it('filter and sort like a listing, keep the text in the address bar and send it to product/list', { timeout: 20_000 }, async () => {
    setDesktop(true);
    const fetchMock = api();
    const { location } = renderAt(<ListingPage kind="search" />, { url: '/search?search=silk', path: '/search' });
    expect(await screen.findByRole('heading', { name: '“silk”' })).toBeTruthy();
    expect(await screen.findByText('Showing 1–16 of 40 products')).toBeTruthy();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByRole('radio', { name: 'Best match' })).toHaveProperty('checked', true);
    await userEvent.click(within(filters).getByRole('button', { name: 'm' }));
    await waitFor(() => expect(location.current).toBe('/search?search=silk&size=m'));
    await userEvent.click(within(filters).getByRole('radio', { name: 'Price: low to high' }));
    await waitFor(() => expect(location.current).toBe('/search?search=silk&priceSort=1&size=m'));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ page: 1, pageSize: 16, search: 'silk', size: ['m'], priceSort: 1 }));
    // Clear all keeps the search text
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location.current).toBe('/search?search=silk'));
  });
});

describe('filter lists', () => {
  const manyStyles = Array.from({ length: 12 }, (_, i) => ({ _id: `style-${i}`, name: `Style ${i + 1}`, slug: `style-${i + 1}`, image: '', description: '' }));

  it('show every category, and a long style list expands with Show all N (no scroll box)', { timeout: 20_000 }, async () => {
    setDesktop(true);
    mockApi({ 'category/list': categories, 'style/list': manyStyles, 'state/list': states, 'product/list': productList });
    renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/' });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(filters).findByRole('radio', { name: 'Sarees' })).toBeTruthy();
    expect(await within(filters).findByRole('radio', { name: 'Style 8' })).toBeTruthy();
    expect(within(filters).queryByRole('radio', { name: 'Style 9' })).toBeNull();
    await userEvent.click(within(filters).getByRole('button', { name: 'Show all 12 styles' }));
    expect(within(filters).getByRole('radio', { name: 'Style 12' })).toBeTruthy();
    expect(filters.querySelector('.overflow-y-auto')).toBeNull();
  });

  it('open a long list at once when the chosen option is beyond the first ones', { timeout: 20_000 }, async () => {
    setDesktop(true);
    mockApi({ 'category/list': categories, 'style/list': manyStyles, 'state/list': states, 'product/list': productList });
    renderAt(<ListingPage kind="products" />, { ...routes, url: '/products/?style=style-11' });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(filters).findByRole('radio', { name: 'Style 11' })).toHaveProperty('checked', true);
  });
});
