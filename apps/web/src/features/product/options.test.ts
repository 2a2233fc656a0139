import { describe, expect, it } from 'vitest';
import { chosenStock, galleryImages, initialColor, isOutOfStock, isSized, maxQuantity, type ProductOptions } from './options.ts';

const base: ProductOptions = { isFreeSize: false, isColorOptions: false, freeSizeQty: 0, sizeInventory: [], colorInventory: [], images: ['/p1.webp', '/p2.webp'] };
const sized: ProductOptions = {
  ...base,
  sizeInventory: [
    { size: 's', quantity: 3 },
    { size: 'm', quantity: 0 },
    { size: 'l', quantity: 40 },
  ],
};
const coloured: ProductOptions = {
  ...base,
  isColorOptions: true,
  colorInventory: [
    { _id: 'c1', color: 'Indigo', quantity: 0, images: ['/indigo.webp'] },
    { _id: 'c2', color: 'Rust', quantity: 6, images: ['/rust1.webp', '/rust2.webp'] },
  ],
};
const free = (qty: number): ProductOptions => ({ ...base, isFreeSize: true, freeSizeQty: qty });

describe('colour options', () => {
  it('preselects the first colour that has stock and shows its pictures', () => {
    expect(initialColor(coloured)).toBe('Rust');
    expect(galleryImages(coloured, 'Rust')).toEqual(['/rust1.webp', '/rust2.webp']);
  });

  it('preselects the first colour when none has stock, and then the product is out of stock', () => {
    const soldOut = { ...coloured, colorInventory: coloured.colorInventory.map((c) => ({ ...c, quantity: 0 })) };
    expect(initialColor(soldOut)).toBe('Indigo');
    expect(isOutOfStock(soldOut, { size: null, color: 'Indigo' })).toBe(true);
  });

  it('is out of stock for a chosen colour with none left', () => {
    expect(isOutOfStock(coloured, { size: null, color: 'Indigo' })).toBe(true);
    expect(isOutOfStock(coloured, { size: null, color: 'Rust' })).toBe(false);
  });

  it('has no colour for products without colour options', () => {
    expect(initialColor(sized)).toBeNull();
    expect(galleryImages(sized, null)).toEqual(['/p1.webp', '/p2.webp']);
  });
});

describe('sizes and stock', () => {
  it('knows sized products', () => {
    expect(isSized(sized)).toBe(true);
    expect(isSized(free(3))).toBe(false);
    expect(isSized(coloured)).toBe(false);
  });

  it('has no stock figure until a size is chosen', () => {
    expect(chosenStock(sized, { size: null, color: null })).toBeNull();
    expect(chosenStock(sized, { size: 's', color: null })).toBe(3);
    expect(isOutOfStock(sized, { size: null, color: null })).toBe(false);
  });

  it('is out of stock before any choice when no size has stock', () => {
    const none = { ...sized, sizeInventory: sized.sizeInventory.map((s) => ({ ...s, quantity: 0 })) };
    expect(isOutOfStock(none, { size: null, color: null })).toBe(true);
  });

  it('is out of stock for a free-size product with quantity 0', () => {
    expect(isOutOfStock(free(0), { size: null, color: null })).toBe(true);
    expect(isOutOfStock(free(2), { size: null, color: null })).toBe(false);
  });
});

describe('the quantity ceiling', () => {
  it('is 10 until a size is chosen, then the size stock up to 10', () => {
    expect(maxQuantity(sized, { size: null, color: null })).toBe(10);
    expect(maxQuantity(sized, { size: 's', color: null })).toBe(3);
    expect(maxQuantity(sized, { size: 'l', color: null })).toBe(10);
  });

  it('follows the colour or free-size stock and never drops below 1', () => {
    expect(maxQuantity(coloured, { size: null, color: 'Rust' })).toBe(6);
    expect(maxQuantity(free(0), { size: null, color: null })).toBe(1);
  });
});
