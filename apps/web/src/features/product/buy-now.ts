import type { ProductDetail } from '@statewise/contract/schemas/catalogue';
import { KEYS, storage } from '../../lib/storage.ts';

/**
 * The buy-now item (shopping §3): a one-line order built on the product page, kept in memory by the checkout and
 * stored locally (key buyNowItem) so a reload or a login on the way keeps it. /buy-now/checkout reads it.
 */
export interface BuyNowItem {
  productDetail: ProductDetail;
  productId: string;
  quantity: number;
  isFreeSize: boolean;
  isColorOptions: boolean;
  /** The chosen size of a sized product, else null. */
  size: string | null;
  /** The chosen colour of a colour product, else null. */
  color: string | null;
  /** A chat-made (temporary) product offered to this shopper (features/chat): productId is its id; no stock is held. */
  isTempProduct: boolean;
  /** A chat-made product of the Combo category: how many products the set holds (shown instead of a quantity). */
  numberOfProducts?: number;
}

export function buildBuyNowItem(product: ProductDetail, choice: { quantity: number; size: string | null; color: string | null }): BuyNowItem {
  return {
    productDetail: product,
    productId: product._id,
    quantity: choice.quantity,
    isFreeSize: product.isFreeSize,
    isColorOptions: product.isColorOptions,
    size: !product.isFreeSize && !product.isColorOptions ? choice.size : null,
    color: product.isColorOptions ? choice.color : null,
    isTempProduct: false,
  };
}

/**
 * A chat-made (temporary) product as a buy-now item (features/chat's product card, the community's offer card): one
 * piece, no size, colour or stock; the server prices it from the vendor's offer (isTempProduct, tempProductId). A combo
 * carries its number of products, which the checkout shows instead of a quantity.
 */
export function buildTempBuyNowItem(p: {
  _id: string;
  name: string;
  price: number;
  offeredPrice: number;
  images: string[];
  discount?: number;
  categoryId?: unknown;
  isCombo?: boolean;
  numberOfProducts?: number;
}): BuyNowItem {
  const productDetail = {
    _id: p._id,
    slug: '',
    name: p.name,
    price: p.price,
    offeredPrice: p.offeredPrice,
    discount: p.discount ?? (p.price > 0 ? Math.round(((p.price - p.offeredPrice) / p.price) * 100) : 0),
    images: p.images,
    categoryId: p.categoryId ?? null,
    isFreeSize: false,
    isColorOptions: false,
    freeSizeQty: 0,
    sizeInventory: [],
    colorInventory: [],
  } as unknown as ProductDetail;
  return {
    productDetail,
    productId: p._id,
    quantity: 1,
    isFreeSize: false,
    isColorOptions: false,
    size: null,
    color: null,
    isTempProduct: true,
    ...(p.isCombo && p.numberOfProducts ? { numberOfProducts: p.numberOfProducts } : {}),
  };
}

export const saveBuyNowItem = (item: BuyNowItem) => storage.setJson(KEYS.buyNow, item);
