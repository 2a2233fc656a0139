import type { WishlistItem } from '@statewise/contract';
import { toProductCard, type CardRow } from '../products/serialize.ts';
import { stockLists, type StockJsonRow } from '../cart/stock.ts';

/** A wishlist row: the entry's columns (w_*), a product card row, its free-size quantity and stock lists. */
export type WishlistRow = CardRow &
  StockJsonRow & { w_id: string; w_color: string | null; w_image: string; w_created_at: string; free_size_qty: number };

export function toWishlistItem(r: WishlistRow): WishlistItem {
  return {
    _id: r.w_id,
    productId: { ...toProductCard(r), freeSizeQty: Number(r.free_size_qty), ...stockLists(r) },
    color: r.w_color,
    image: r.w_image,
    createdAt: r.w_created_at,
  };
}
