import { CHAT_MSG, TEMP_PRODUCT, type TempProduct } from '@statewise/contract';

/**
 * The chat product form's rules (accounts §3, §5, §7 Chat): the values as typed, the spec's checks in its order
 * (name, price, tax, category; then the pictures), the discount and offered price kept in step, and the fields as
 * POST temp-product and PATCH temp-product/edit-product take them.
 */
export interface TempProductValues {
  name: string;
  price: string;
  tax: string;
  discount: string;
  offeredPrice: string;
  numberOfProducts: string;
  size: string;
  color: string;
  categoryId: string;
  subcategoryId: string;
}

export type TempProductField = keyof TempProductValues | 'images';

export const emptyTempProduct = (): TempProductValues => ({
  name: '',
  price: '',
  tax: '',
  discount: '',
  offeredPrice: '',
  numberOfProducts: '1',
  size: '',
  color: '',
  categoryId: '',
  subcategoryId: '',
});

export const tempProductValues = (p: TempProduct): TempProductValues => ({
  name: p.name,
  price: String(p.price),
  tax: String(p.tax),
  discount: String(p.discount),
  offeredPrice: String(p.offeredPrice),
  numberOfProducts: String(p.numberOfProducts),
  size: p.size ?? '',
  color: p.color ?? '',
  categoryId: p.categoryId._id,
  subcategoryId: p.subcategoryId?._id ?? '',
});

const whole = (v: string, min: number, max: number): number | null => {
  const s = v.trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
};

/**
 * The other of discount and offered price, worked out as the server does, after `changed` was typed (or the price
 * changed, with `changed` the one the vendor typed last). Left empty while the inputs cannot give it.
 */
export function linkPrices(v: Pick<TempProductValues, 'price' | 'discount' | 'offeredPrice'>, changed: 'discount' | 'offeredPrice'): { discount: string; offeredPrice: string } {
  const price = whole(v.price, 1, TEMP_PRODUCT.priceMax);
  if (changed === 'discount') {
    const discount = whole(v.discount, 0, 100);
    return { discount: v.discount, offeredPrice: price !== null && discount !== null ? String(price - Math.round((price * discount) / 100)) : v.discount.trim() ? '' : v.offeredPrice };
  }
  const offered = price === null ? null : whole(v.offeredPrice, 0, price);
  return { offeredPrice: v.offeredPrice, discount: price !== null && offered !== null ? String(Math.round(((price - offered) / price) * 100)) : v.offeredPrice.trim() ? '' : v.discount };
}

/**
 * The first thing wrong, in the spec's order, with the field it belongs to; null when the form may be sent.
 * `files` is given for a new product (an edit keeps its category and pictures).
 */
export function checkTempProduct(v: TempProductValues, files?: File[]): { field: TempProductField; message: string } | null {
  if (!v.name.trim()) return { field: 'name', message: CHAT_MSG.tpNameRequired };
  const price = whole(v.price, 1, TEMP_PRODUCT.priceMax);
  if (price === null) return { field: 'price', message: CHAT_MSG.tpPriceRequired };
  if (!v.tax.trim()) return { field: 'tax', message: CHAT_MSG.tpTaxRequired };
  if (whole(v.tax, TEMP_PRODUCT.taxMin, TEMP_PRODUCT.taxMax) === null) return { field: 'tax', message: CHAT_MSG.tpTaxRange };
  if (v.discount.trim() && whole(v.discount, 0, 100) === null) return { field: 'discount', message: CHAT_MSG.tpDiscountInvalid };
  if (v.offeredPrice.trim() && whole(v.offeredPrice, 0, price) === null) return { field: 'offeredPrice', message: CHAT_MSG.tpOfferedPriceHigh };
  if (files && !v.categoryId) return { field: 'categoryId', message: CHAT_MSG.tpCategoryRequired };
  if (whole(v.numberOfProducts, 1, 1000) === null) return { field: 'numberOfProducts', message: CHAT_MSG.tpNumberInvalid };
  if (files) {
    if (!files.length) return { field: 'images', message: CHAT_MSG.tpImagesRequired };
    if (files.length > TEMP_PRODUCT.imagesMax) return { field: 'images', message: CHAT_MSG.tpImagesMax };
    if (files.some((f) => f.size > TEMP_PRODUCT.imageMaxBytes)) return { field: 'images', message: CHAT_MSG.tpImageTooLarge };
  }
  return null;
}

/** The text fields as sent: empty optional ones left out (the server then works them out or keeps them). */
export function tempProductFields(v: TempProductValues, mode: 'create' | 'edit'): Record<string, string> {
  const out: Record<string, string> = {};
  const keys: (keyof TempProductValues)[] = ['name', 'price', 'tax', 'discount', 'offeredPrice', 'numberOfProducts', 'size', 'color'];
  if (mode === 'create') keys.push('categoryId', 'subcategoryId');
  for (const k of keys) {
    const value = v[k].trim();
    // an edit sends size and colour even when emptied, so the vendor can clear them
    if (value || (mode === 'edit' && (k === 'size' || k === 'color'))) out[k] = value;
  }
  return out;
}
