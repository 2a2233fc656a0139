import type { DeliveryDateResult, ProductDetail, ProductCard, VendorDetails } from '@statewise/contract/schemas/catalogue';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Calls of the product page (shopping §7 Catalogue): product, similar products, delivery date. Reviews: features/reviews. */
export interface ProductPageData {
  productDetail: ProductDetail;
  vendorDetails: VendorDetails[];
}

export const productKeys = {
  detail: (slug: string) => ['product', 'detail', slug] as const,
  similar: (productId: string) => ['product', 'similar-products', productId] as const,
};

/** GET product/{slug}: data.productDetail and data.vendorDetails[0]. */
export const useProduct = (slug: string) =>
  useQuery({
    queryKey: productKeys.detail(slug),
    queryFn: ({ signal }) => api<ProductPageData>(`product/${encodeURIComponent(slug)}`, { signal }),
    enabled: slug.length > 0,
  });

export interface SimilarProducts {
  categoryProducts: ProductCard[];
  styleProducts: ProductCard[];
  vendorProducts: ProductCard[];
}

/** POST product/similar-products {vendorId, subcategoryId, styleId, productId}. */
export const useSimilarProducts = (p: ProductDetail) =>
  useQuery({
    queryKey: productKeys.similar(p._id),
    queryFn: ({ signal }) =>
      api<SimilarProducts>('product/similar-products', {
        method: 'POST',
        signal,
        body: {
          productId: p._id,
          vendorId: p.vendorId,
          ...(p.subcategoryId ? { subcategoryId: p.subcategoryId._id } : {}),
          ...(p.styleId ? { styleId: p.styleId._id } : {}),
        },
      }),
  });

/** POST shipment/single-product/get-delivary-date {customerPincode, vendorIds[]} (the spec's spelling). */
export const useDeliveryDate = () =>
  useMutation({
    mutationFn: ({ pincode, vendorId }: { pincode: string; vendorId: string }) =>
      api<DeliveryDateResult>('shipment/single-product/get-delivary-date', { method: 'POST', body: { customerPincode: pincode, vendorIds: [vendorId] } }),
  });
