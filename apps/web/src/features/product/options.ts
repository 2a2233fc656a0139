import { QUANTITY } from '@statewise/contract/constants';
import type { ProductDetail } from '@statewise/contract/schemas/catalogue';

/**
 * The product page's option rules (shopping §2 Product detail): colour swatches, size picker, the quantity
 * stepper's ceiling and when OUT OF STOCK replaces the buttons. Pure, so they are tested without a browser.
 */
export type ProductOptions = Pick<ProductDetail, 'isFreeSize' | 'isColorOptions' | 'freeSizeQty' | 'sizeInventory' | 'colorInventory' | 'images'>;

export interface Choice {
  size: string | null;
  color: string | null;
}

/** Sized products are the ones that are neither free size nor colour products. */
export const isSized = (p: ProductOptions) => !p.isFreeSize && !p.isColorOptions;

/**
 * The colour shown first. The spec preselects the first colour and says a colour with no stock cannot be picked;
 * read together: the first colour that has stock, or the first colour when none has (the page then shows
 * OUT OF STOCK for it).
 */
export function initialColor(p: ProductOptions): string | null {
  if (!p.isColorOptions || p.colorInventory.length === 0) return null;
  return (p.colorInventory.find((c) => c.quantity > 0) ?? p.colorInventory[0]!).color;
}

/** The pictures to show: the chosen colour's, else the product's. */
export function galleryImages(p: ProductOptions, color: string | null): string[] {
  if (p.isColorOptions && color) {
    const c = p.colorInventory.find((x) => x.color === color);
    if (c && c.images.length) return c.images;
  }
  return p.images;
}

/**
 * Stock of what is chosen: the free-size quantity, the chosen colour's or the chosen size's quantity; null while
 * a sized product has no size chosen yet.
 */
export function chosenStock(p: ProductOptions, choice: Choice): number | null {
  if (p.isFreeSize) return Math.max(0, p.freeSizeQty);
  if (p.isColorOptions) return Math.max(0, p.colorInventory.find((c) => c.color === choice.color)?.quantity ?? 0);
  if (!choice.size) return null;
  return Math.max(0, p.sizeInventory.find((s) => s.size === choice.size)?.quantity ?? 0);
}

/**
 * OUT OF STOCK replaces ADD TO CART and BUY IT NOW when the chosen size or colour, or a free-size product, has
 * none; a sized product with no size in stock at all is out of stock before any size is chosen.
 */
export function isOutOfStock(p: ProductOptions, choice: Choice): boolean {
  const stock = chosenStock(p, choice);
  if (stock !== null) return stock <= 0;
  return !p.sizeInventory.some((s) => s.quantity > 0);
}

/** The stepper's ceiling: the stock of what is chosen and 10 (10 until a size is chosen), never below 1. */
export function maxQuantity(p: ProductOptions, choice: Choice): number {
  const stock = chosenStock(p, choice);
  return Math.max(QUANTITY.min, Math.min(QUANTITY.max, stock ?? QUANTITY.max));
}
