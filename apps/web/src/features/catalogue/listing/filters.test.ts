import type { Category, FestiveOffer, State, Style } from '@statewise/contract/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { changeFilters, listBody, listingHref, pageCount, parseListing, resolveFilters, type ListingFilters } from './filters.ts';

const q = (s: string) => new URLSearchParams(s);
const f = (x: Partial<ListingFilters> = {}): ListingFilters => ({ sizes: [], page: 1, ...x });

const ID = {
  sarees: '11111111-1111-4111-8111-111111111111',
  silk: '22222222-2222-4222-8222-222222222222',
  kurtas: '33333333-3333-4333-8333-333333333333',
  ikat: '44444444-4444-4444-8444-444444444444',
  gujarat: '55555555-5555-4555-8555-555555555555',
  diwali: '66666666-6666-4666-8666-666666666666',
};
const categories = [
  { _id: ID.sarees, name: 'Sarees', slug: 'sarees', image: '', subcategory: [{ _id: ID.silk, subcategoryName: 'Silk Sarees', slug: 'silk-sarees', image: '', categoryId: ID.sarees }] },
  { _id: ID.kurtas, name: 'Kurtas', slug: 'kurtas', image: '', subcategory: [] },
] satisfies Category[];
const styles = [{ _id: ID.ikat, name: 'Ikat', slug: 'ikat', image: '', description: '' }] satisfies Style[];
const states = [{ _id: ID.gujarat, name: 'Gujarat', slug: 'gujarat', image: '', video: null, slogan: 'Tied and dyed' }] satisfies State[];
const festiveOffers = [{ _id: ID.diwali, title: 'Diwali', slug: 'diwali', image: '', status: 'active' }] satisfies FestiveOffer[];
const lists = { categories, styles, states, festiveOffers };

describe('reading the address bar', () => {
  it('reads every query parameter of the spec', () => {
    const parsed = parseListing(
      {},
      q('state=gujarat&style=ikat&discount=30&festiveCategory=diwali&minPrice=500&maxPrice=4000&priceSort=-1&sort=1&size=xl,S,m&category=sarees&page=3'),
    );
    expect(parsed).toEqual({
      category: 'sarees',
      style: 'ikat',
      state: 'gujarat',
      festiveCategory: 'diwali',
      discount: 30,
      minPrice: 500,
      maxPrice: 4000,
      priceSort: -1,
      sort: 1,
      sizes: ['s', 'm', 'xl'],
      page: 3,
    });
  });

  it('takes the path slugs before the query', () => {
    expect(parseListing({ categorySlug: 'sarees', subCategorySlug: 'silk-sarees' }, q('category=kurtas'))).toMatchObject({ category: 'sarees', subcategory: 'silk-sarees' });
    expect(parseListing({ stateSlug: 'gujarat', categorySlug: 'sarees' }, q(''))).toMatchObject({ state: 'gujarat', category: 'sarees' });
  });

  it('ignores malformed values instead of failing', () => {
    expect(parseListing({}, q('discount=abc&minPrice=-5&maxPrice=lots&priceSort=2&size=huge,,&page=0'))).toEqual(f());
  });

  it('swaps a minimum above the maximum and drops bounds at the slider ends', () => {
    expect(parseListing({}, q('minPrice=9000&maxPrice=2000'))).toMatchObject({ minPrice: 2000, maxPrice: 9000 });
    expect(parseListing({}, q('minPrice=0&maxPrice=50000'))).toEqual(f());
    expect(parseListing({}, q('maxPrice=90000'))).toEqual(f());
  });
});

describe('writing the address bar', () => {
  it('puts the route’s own filter in the path and the rest in the query', () => {
    expect(listingHref('products', f({ category: 'sarees', subcategory: 'silk-sarees', state: 'gujarat' }))).toBe('/products/sarees/silk-sarees?state=gujarat');
    expect(listingHref('style', f({ style: 'ikat', category: 'sarees' }))).toBe('/shop-by-style/ikat?category=sarees');
    expect(listingHref('state', f({ state: 'gujarat', category: 'sarees', subcategory: 'silk-sarees' }))).toBe('/shop-by-state/gujarat/sarees?subcategory=silk-sarees');
  });

  it('writes sizes comma separated in chart order and the page only past 1', () => {
    expect(listingHref('products', f({ sizes: ['xl', 's'], page: 2 }))).toBe('/products/?size=s,xl&page=2');
    expect(listingHref('products', f({ discount: 20, minPrice: 1000, priceSort: 1 }))).toBe('/products/?discount=20&minPrice=1000&priceSort=1');
  });

  it('falls back to /products/ when the route’s own filter is removed', () => {
    expect(listingHref('style', f({ discount: 10 }))).toBe('/products/?discount=10');
    expect(listingHref('state', f({ category: 'sarees' }))).toBe('/products/sarees');
  });

  it('reads back exactly what it wrote', () => {
    const filters = f({ category: 'sarees', style: 'ikat', state: 'gujarat', festiveCategory: 'diwali', discount: 40, minPrice: 1500, maxPrice: 9000, sort: -1, sizes: ['m', 'l'], page: 4 });
    const href = new URL(listingHref('products', filters), 'http://x');
    const [, , categorySlug] = href.pathname.split('/');
    expect(parseListing({ categorySlug }, href.searchParams)).toEqual(filters);
  });
});

describe('changing filters', () => {
  it('goes back to page 1 on any filter change', () => {
    expect(changeFilters(f({ page: 5 }), { sizes: ['m'] }).page).toBe(1);
    expect(changeFilters(f({ page: 5, discount: 10 }), { discount: undefined })).toEqual(f());
  });

  it('keeps the page when the page itself changes', () => {
    expect(changeFilters(f({ discount: 10 }), { page: 3 })).toEqual(f({ discount: 10, page: 3 }));
  });

  it('drops the subcategory of a category that is no longer chosen', () => {
    expect(changeFilters(f({ category: 'sarees', subcategory: 'silk-sarees' }), { category: 'kurtas' })).toEqual(f({ category: 'kurtas' }));
  });

  it('keeps one sort order at a time', () => {
    expect(changeFilters(f({ sort: -1 }), { priceSort: 1 })).toEqual(f({ priceSort: 1 }));
    expect(changeFilters(f({ priceSort: 1 }), { sort: 1 })).toEqual(f({ sort: 1 }));
  });
});

describe('the product/list body', () => {
  it('turns slugs into ids through the cached lists', () => {
    const filters = f({ category: 'sarees', subcategory: 'silk-sarees', style: 'ikat', state: 'gujarat', festiveCategory: 'diwali', sizes: ['m'], minPrice: 500, page: 2 });
    expect(listBody(filters, resolveFilters(filters, lists))).toEqual({
      page: 2,
      pageSize: 16,
      categoryId: ID.sarees,
      subcategoryId: ID.silk,
      styleId: ID.ikat,
      stateId: ID.gujarat,
      festiveCategoryId: ID.diwali,
      price: { min: 500 },
      size: ['m'],
    });
  });

  it('accepts ids where links carry them', () => {
    expect(resolveFilters(f({ festiveCategory: ID.diwali }), lists).festive?.slug).toBe('diwali');
  });

  it('reports slugs that match nothing, but not while a list is loading', () => {
    expect(resolveFilters(f({ category: 'nope', style: 'ikat' }), lists).unknown).toEqual(['category']);
    expect(resolveFilters(f({ category: 'nope' }), {}).unknown).toEqual([]);
  });
});

describe('search results', () => {
  it('keep the text first in /search with every filter in the query, and send it as search', () => {
    const parsed = parseListing({}, q('search=silk%20saree&category=sarees&size=m&priceSort=1&page=2'));
    expect(parsed).toEqual(f({ search: 'silk saree', category: 'sarees', sizes: ['m'], priceSort: 1, page: 2 }));
    expect(listingHref('search', parsed)).toBe('/search?search=silk+saree&category=sarees&priceSort=1&size=m&page=2');
    expect(listBody(parsed, resolveFilters(parsed, lists))).toEqual({ page: 2, pageSize: 16, search: 'silk saree', categoryId: ID.sarees, size: ['m'], priceSort: 1 });
  });

  it('cut a text longer than the search box allows instead of dropping it', () => {
    expect(parseListing({}, q(`search=${'a'.repeat(150)}`)).search).toBe('a'.repeat(100));
  });
});

describe('page count', () => {
  it('never hides a last partial page (ceil, not the spec’s round)', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(16)).toBe(1);
    expect(pageCount(17)).toBe(2); // Math.round(17 / 16) would be 1 and lose the 17th product
    expect(pageCount(1200)).toBe(75);
    expect(pageCount(41, 8)).toBe(6);
  });
});
