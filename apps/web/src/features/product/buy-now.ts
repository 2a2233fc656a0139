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

export const saveBuyNowItem = (item: BuyNowItem) => storage.setJson(KEYS.buyNow, item);
