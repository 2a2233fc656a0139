import type { ProductDetail } from '@statewise/contract/schemas/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productCard } from '../../test/fixtures.ts';
import { mockApi, renderAt } from '../../test/render.tsx';
import ProductPage from './ProductPage.tsx';

const product: ProductDetail = {
  ...productCard({ _id: 'p1', slug: 'ikat-kurta', name: 'Ikat Kurta', images: ['/media/p1.webp'], price: 2000, offeredPrice: 1500 }),
  description: '',
  freeSizeQty: 0,
  sizeInventory: [
    { size: 's', quantity: 4 },
    { size: 'l', quantity: 6 },
    { size: 'xl', quantity: 0 },
  ],
  colorInventory: [],
  metaDescription: '',
  metaKeyword: [],
  salesCount: 0,
  rating: 0,
  reviewsCount: 0,
};

const page = (url = '/product/ikat-kurta') =>
  renderAt(
    <Routes>
      <Route path="/product/:slug" element={<ProductPage />} />
    </Routes>,
    { url },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the product page', () => {
  it('shows a skeleton of its own layout while the product loads, not a spinner', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    const { container } = page();
    const loading = await screen.findByRole('status', { name: 'Loading product' });
    expect(loading.querySelectorAll('.animate-pulse').length).toBeGreaterThan(5);
    expect(container.querySelector('.animate-spin')).toBeNull();
    // the gallery block keeps the picture's 3:4 shape, so the loaded page does not shift
    expect(loading.querySelector('.aspect-\\[3\\/4\\]')).not.toBeNull();
  });

  it('shows sizes in upper case (the API keeps them in lower case)', async () => {
    mockApi({ 'product/ikat-kurta': { productDetail: product, vendorDetails: [] } });
    page();
    const sizes = await screen.findByRole('group', { name: 'Select size' });
    expect(within(sizes).getAllByRole('button').map((b) => b.textContent)).toEqual(['S', 'L', 'XL']);
    expect(within(sizes).getByRole('button', { name: 'Size XL, out of stock' })).toHaveProperty('disabled', true);
  });

  it('has a bottom bar whose Add to cart asks for a size, then adds that size to the cart', async () => {
    mockApi({ 'product/ikat-kurta': { productDetail: product, vendorDetails: [] } });
    // jsdom has no scrolling; the page scrolls the size picker into view when a size is missing
    Element.prototype.scrollIntoView = vi.fn();
    page();
    const bar = await screen.findByRole('region', { name: 'Buy this product' });
    expect(bar.className).toContain('md:hidden');
    await userEvent.click(within(bar).getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Please select size')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Size L' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'ADD TO CART' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('myData') ?? '[]')).toEqual([expect.objectContaining({ _id: 'p1', size: 'l', quantity: 1 })]));
  });

  it('has no bottom bar when the product is sold out', async () => {
    mockApi({ 'product/ikat-kurta': { productDetail: { ...product, sizeInventory: product.sizeInventory.map((s) => ({ ...s, quantity: 0 })) }, vendorDetails: [] } });
    page();
    expect(await screen.findByText('OUT OF STOCK')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Buy this product' })).toBeNull();
  });
});
