import type { CartLine, CartSummary } from '@statewise/contract';
import { cartTotals, type CartItem } from './service.ts';

/** A cart line in the spec's shape (shopping §3 server cart line) plus what the stepper needs. */
export function toCartLine(i: CartItem): CartLine {
  const p = i.product;
  return {
    _id: i.id,
    productId: {
      _id: p.id,
      name: p.name,
      slug: p.slug,
      images: p.images,
      price: p.price,
      offeredPrice: p.offeredPrice,
      discount: p.discount,
      isFreeSize: p.isFreeSize,
      isColorOptions: p.isColorOptions,
      freeSizeQty: p.freeSizeQty,
      sizeInventory: p.sizeInventory,
      colorInventory: p.colorInventory,
      isActive: p.isActive,
      ...(p.heldBySuspension ? { storeUnavailable: true } : {}),
      vendorId: p.vendorId,
      categoryId: { _id: p.categoryId, name: p.categoryName, slug: p.categorySlug },
    },
    quantity: i.quantity,
    size: i.size,
    color: i.color,
    image: i.image,
    isFreeSize: p.isFreeSize,
    isColorOptions: p.isColorOptions,
    availableQuantity: i.availableQuantity,
    outOfStock: i.outOfStock,
  };
}

/** GET cart: the lines and the totals of API.md "Cart summary". */
export function toCartSummary(items: readonly CartItem[]): CartSummary {
  const totals = cartTotals(items);
  return {
    cartProducts: items.map(toCartLine),
    shippingCharges: totals.shippingCharges,
    subTotal: totals.subTotal,
    grandTotal: totals.grandTotal,
    savings: totals.savings,
  };
}
