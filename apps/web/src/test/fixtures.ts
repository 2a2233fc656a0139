import type { ProductCard } from '@statewise/contract/schemas/catalogue';
import type { PostalAddress } from '@statewise/contract/schemas/address';
import type { WishlistItem } from '@statewise/contract/schemas/cart';

/** A product card as product/list answers it; tests override what they are about. */
export function productCard(over: Partial<ProductCard> & Pick<ProductCard, '_id' | 'slug' | 'name'>): ProductCard {
  return {
    images: [],
    price: 100,
    offeredPrice: 90,
    discount: 10,
    isFreeSize: false,
    isColorOptions: false,
    inStock: true,
    categoryId: null,
    subcategoryId: null,
    styleId: null,
    stateId: null,
    vendorId: 'v',
    isTrending: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    rating: 0,
    reviewsCount: 0,
    ...over,
  };
}

type WishlistProduct = WishlistItem['productId'];

/** A wishlist entry's product: a card with its stock (none unless given). */
export function wishlistProduct(over: Partial<WishlistProduct> & Pick<WishlistProduct, '_id' | 'slug' | 'name'>): WishlistProduct {
  return { ...productCard(over), freeSizeQty: 0, sizeInventory: [], colorInventory: [], ...over };
}

/** An address as the API answers it, without an id (a saved address's or an order's fields). */
export function postalAddress(over: Partial<PostalAddress> = {}): PostalAddress {
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    streetAddress: '12 MG Road',
    mobile: '9876543210',
    pincode: 110001,
    city: 'New Delhi',
    state: 'Delhi',
    country: 'India',
    landmark: '',
    shippingNote: '',
    ...over,
  };
}
