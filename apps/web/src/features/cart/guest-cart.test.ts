import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@statewise/contract/schemas/catalogue';
import {
  addLine,
  guestCart,
  lineFromProduct,
  lineLimit,
  lineStock,
  parseGuestCart,
  quantityRefusal,
  readGuestCart,
  refreshLines,
  removeLine,
  setLineQuantity,
  type GuestCartLine,
} from './guest-cart.ts';
import { MSG } from '@statewise/contract/messages';
import { CART_MSG } from './messages.ts';

type Stock = Pick<
  ProductDetail,
  '_id' | 'slug' | 'name' | 'images' | 'price' | 'offeredPrice' | 'isFreeSize' | 'freeSizeQty' | 'isColorOptions' | 'sizeInventory' | 'colorInventory'
>;

function product(over: Partial<Stock> = {}): Stock {
  return {
    _id: 'p1',
    slug: 'chanderi-kurta',
    name: 'Chanderi Kurta',
    images: ['/a.webp', '/b.webp'],
    price: 2000,
    offeredPrice: 1500,
    isFreeSize: false,
    freeSizeQty: 0,
    isColorOptions: false,
    sizeInventory: [
      { size: 's', quantity: 3 },
      { size: 'm', quantity: 25 },
      { size: 'l', quantity: 0 },
    ],
    colorInventory: [],
    ...over,
  };
}
const sized = (size: string, quantity: number, over: Partial<Stock> = {}) => lineFromProduct(product(over), { size, quantity });
const freeSize = (quantity: number, freeSizeQty = 40) => lineFromProduct(product({ _id: 'p2', isFreeSize: true, freeSizeQty, sizeInventory: [] }), { quantity });
const coloured = (color: string, quantity: number) =>
  lineFromProduct(
    product({
      _id: 'p3',
      isColorOptions: true,
      sizeInventory: [],
      colorInventory: [
        { _id: 'c1', color: 'Indigo', quantity: 4, images: ['/indigo.webp'] },
        { _id: 'c2', color: 'Rust', quantity: 20, images: ['/rust.webp'] },
      ],
    }),
    { color, quantity, image: `/${color.toLowerCase()}.webp` },
  );

function added(lines: GuestCartLine[], line: GuestCartLine): GuestCartLine[] {
  const r = addLine(lines, line);
  if (!r.ok) throw new Error(r.message);
  return r.lines;
}

describe('adding to the guest cart', () => {
  it('keeps the spec line fields, with the chosen size and the first picture', () => {
    const [line] = added([], sized('m', 2));
    expect(line).toMatchObject({
      _id: 'p1',
      name: 'Chanderi Kurta',
      images: ['/a.webp', '/b.webp'],
      price: 2000,
      offeredPrice: 1500,
      quantity: 2,
      size: 'm',
      isFreeSize: false,
      freeSizeQty: 0,
      isColorOptions: false,
      color: null,
      image: '/a.webp',
    });
    expect(line!.sizeInventory).toEqual([
      { size: 's', quantity: 3 },
      { size: 'm', quantity: 25 },
      { size: 'l', quantity: 0 },
    ]);
    expect(line!.uniqueId).toBeTruthy();
  });

  it('merges the same product and size by adding quantity', () => {
    const lines = added(added([], sized('m', 2)), sized('m', 3));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(5);
  });

  it('keeps another size of the same product as its own line', () => {
    const lines = added(added([], sized('m', 2)), sized('s', 1));
    expect(lines.map((l) => [l.size, l.quantity])).toEqual([
      ['m', 2],
      ['s', 1],
    ]);
  });

  it('merges colour products by colour, each keeping its colour picture', () => {
    let lines = added([], coloured('Indigo', 1));
    lines = added(lines, coloured('Rust', 2));
    lines = added(lines, coloured('Indigo', 2));
    expect(lines.map((l) => [l.color, l.quantity, l.image])).toEqual([
      ['Indigo', 3, '/indigo.webp'],
      ['Rust', 2, '/rust.webp'],
    ]);
  });

  it("refuses a merge that would pass 10 with 'Cant add more quantity'", () => {
    const lines = added([], sized('m', 8));
    expect(addLine(lines, sized('m', 3))).toEqual({ ok: false, message: CART_MSG.cantAddMore });
    expect(addLine(lines, sized('m', 2)).ok).toBe(true);
  });

  it("refuses more than the size's stock with 'Item limit reached'", () => {
    const lines = added([], sized('s', 2));
    expect(addLine(lines, sized('s', 2))).toEqual({ ok: false, message: CART_MSG.itemLimitReached });
  });

  it("refuses more than a colour's stock with 'Item limit reached'", () => {
    expect(addLine([], coloured('Indigo', 5))).toEqual({ ok: false, message: CART_MSG.itemLimitReached });
  });

  it("refuses a free-size product beyond its quantity with 'Product is out of stock now'", () => {
    expect(addLine(added([], freeSize(2, 3)), freeSize(2, 3))).toEqual({ ok: false, message: MSG.outOfStock });
  });

  it('refuses a size with no stock', () => {
    expect(addLine([], sized('l', 1))).toEqual({ ok: false, message: MSG.outOfStock });
  });

  it('holds at most 50 different lines, what one login can merge', () => {
    let lines: GuestCartLine[] = [];
    for (let i = 0; i < 50; i++) lines = added(lines, sized('m', 1, { _id: `p${i}` }));
    expect(addLine(lines, sized('m', 1, { _id: 'p50' }))).toEqual({ ok: false, message: CART_MSG.guestCartFull });
    expect(addLine(lines, sized('m', 1, { _id: 'p7' })).ok).toBe(true);
  });

  it('takes the newest prices and stock when merging', () => {
    const lines = added(added([], sized('m', 1)), sized('m', 1, { offeredPrice: 1400 }));
    expect(lines[0]!.offeredPrice).toBe(1400);
  });
});

describe('changing a guest line quantity', () => {
  it('steps up to the limit of 10 and no further', () => {
    let lines = added([], sized('m', 9));
    const id = lines[0]!.uniqueId;
    const up = setLineQuantity(lines, id, 10);
    expect(up.ok).toBe(true);
    lines = up.ok ? up.lines : lines;
    expect(lineLimit(lines[0]!)).toBe(10);
    expect(setLineQuantity(lines, id, 11)).toEqual({ ok: false, message: CART_MSG.onlyTen });
  });

  it("stops at the size's stock with 'Item limit reached'", () => {
    const lines = added([], sized('s', 3));
    expect(lineLimit(lines[0]!)).toBe(3);
    expect(setLineQuantity(lines, lines[0]!.uniqueId, 4)).toEqual({ ok: false, message: CART_MSG.itemLimitReached });
  });

  it("stops a free-size line at its quantity with 'Product is out of stock now'", () => {
    const lines = added([], freeSize(2, 2));
    expect(setLineQuantity(lines, lines[0]!.uniqueId, 3)).toEqual({ ok: false, message: MSG.outOfStock });
  });

  it("never goes below 1: 'Quantity cannot be less than 1'", () => {
    const lines = added([], sized('m', 1));
    expect(setLineQuantity(lines, lines[0]!.uniqueId, 0)).toEqual({ ok: false, message: MSG.quantityMin });
    expect(quantityRefusal(lines[0]!, 1.5)).toBe(MSG.quantityMin);
  });

  it('removes a line by its id and leaves the others', () => {
    const lines = added(added([], sized('m', 1)), sized('s', 1));
    expect(removeLine(lines, lines[0]!.uniqueId).map((l) => l.size)).toEqual(['s']);
  });
});

describe('keeping guest lines current', () => {
  it("takes the catalogue's prices and stock and keeps the quantity and size", () => {
    const lines = added([], sized('m', 2));
    const fresh = refreshLines(lines, 'p1', product({ offeredPrice: 1300, sizeInventory: [{ size: 'm', quantity: 1 }] }));
    expect(fresh[0]).toMatchObject({ offeredPrice: 1300, quantity: 2, size: 'm' });
    expect(lineStock(fresh[0]!)).toBe(1);
  });

  it('gives back the same list when nothing changed, so nothing is written', () => {
    const lines = added([], sized('m', 2));
    expect(refreshLines(lines, 'p1', product())).toBe(lines);
    expect(refreshLines(lines, 'other', null)).toBe(lines);
  });

  it('leaves a product taken off sale in the cart without stock', () => {
    const lines = added([], sized('m', 2));
    const gone = refreshLines(lines, 'p1', null);
    expect(gone[0]!.quantity).toBe(2);
    expect(lineStock(gone[0]!)).toBe(0);
  });
});

describe('the stored guest cart (myData)', () => {
  it('is saved under myData and read back', () => {
    expect(guestCart.add(sized('m', 2)).ok).toBe(true);
    expect(JSON.parse(localStorage.getItem('myData')!)).toHaveLength(1);
    expect(readGuestCart()[0]!.quantity).toBe(2);
    guestCart.clear();
    expect(localStorage.getItem('myData')).toBeNull();
    expect(readGuestCart()).toEqual([]);
  });

  it('leaves storage untouched when a change is refused', () => {
    guestCart.add(sized('s', 3));
    const before = localStorage.getItem('myData');
    expect(guestCart.add(sized('s', 1))).toEqual({ ok: false, message: CART_MSG.itemLimitReached });
    expect(localStorage.getItem('myData')).toBe(before);
  });

  it('removing the last line empties myData', () => {
    guestCart.add(sized('m', 1));
    guestCart.remove(readGuestCart()[0]!.uniqueId);
    expect(localStorage.getItem('myData')).toBeNull();
  });

  it('skips malformed entries and clamps quantities from older or edited storage', () => {
    const raw = JSON.stringify([
      null,
      { name: 'no id' },
      { _id: 'p9', name: 'Old line', price: 900, offeredPrice: 800, quantity: 40, size: 'm', sizeInventory: [{ size: 'm', quantity: 50 }], isFreeSize: 'false' },
      { _id: 'p9', name: 'Old line', price: 900, offeredPrice: 800, quantity: 2, size: 'm' },
    ]);
    const lines = parseGuestCart(raw);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ _id: 'p9', quantity: 10, isFreeSize: false, slug: '' });
    expect(parseGuestCart('{not json')).toEqual([]);
  });
});
