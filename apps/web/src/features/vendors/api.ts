import { PAGE_SIZE } from '@statewise/contract/constants';
import type { ProductListResult, VendorCard, VendorDetails } from '@statewise/contract/schemas/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Vendor store and directory calls (shopping §7 Catalogue: vendor/slug, vendor/products/list, admin/vendors). */
export const vendorKeys = {
  store: (slug: string) => ['vendor', 'slug', slug] as const,
  products: (userId: string, page: number) => ['vendor', 'products', userId, page] as const,
  directory: (page: number, search: string) => ['admin', 'vendors', page, search] as const,
};

/** GET vendor/slug/{vendorSlug}: the store's details; a 404 'Vendor not found' for an unknown store. */
export const useVendorStore = (slug: string) =>
  useQuery({
    queryKey: vendorKeys.store(slug),
    queryFn: ({ signal }) => api<VendorDetails>(`vendor/slug/${encodeURIComponent(slug)}`, { signal }),
    enabled: slug.length > 0,
  });

/** POST vendor/products/list {userId, page, pageSize 16}: one page of the store's grid. */
export const useVendorProducts = (userId: string | undefined, page: number) =>
  useQuery({
    queryKey: vendorKeys.products(userId ?? '', page),
    queryFn: ({ signal }) =>
      api<ProductListResult>('vendor/products/list', { method: 'POST', body: { userId, page, pageSize: PAGE_SIZE.listing }, signal }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

/** POST admin/vendors {page, pageSize 16, search?}: the public directory (Meet Our Stalwarts). */
export const useVendorDirectory = (page: number, search: string) =>
  useQuery({
    queryKey: vendorKeys.directory(page, search),
    queryFn: ({ signal }) =>
      api<{ vendors: VendorCard[]; total: number }>('admin/vendors', {
        method: 'POST',
        body: { page, pageSize: PAGE_SIZE.vendorDirectory, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `?page=` from the address bar: a whole number from 1, anything else is page 1. */
export const pageFrom = (v: string | null) => (v && /^\d{1,6}$/.test(v) && Number(v) >= 1 ? Number(v) : 1);
