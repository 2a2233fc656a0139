import { useCallback } from 'react';
import { useToggleWishlist } from '../wishlist/api.ts';
import { useRemoveCartLine, type CartItem } from './api.ts';

/**
 * Move to Wishlist (cart page, and the drawer's 'Move from Cart' confirmation): the product goes on the wishlist
 * with its colour and picture (wishlist hook: a guest keeps it locally and is asked to log in), then leaves the
 * cart. When the wishlist refuses, the line stays in the cart.
 */
export function useMoveToWishlist() {
  const { add, isPending } = useToggleWishlist();
  const { remove } = useRemoveCartLine();
  const move = useCallback(
    async (item: CartItem): Promise<boolean> => {
      const outcome = await add({ product: { _id: item.productId, isColorOptions: item.isColorOptions }, color: item.color, image: item.image });
      if (outcome !== 'added') return false;
      return remove(item, { quiet: true });
    },
    [add, remove],
  );
  return { move, isPending };
}
