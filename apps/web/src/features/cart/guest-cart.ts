import { CART_BULK_MAX, QUANTITY } from '@statewise/contract/constants';
import { MSG } from '@statewise/contract/messages';
import type { ProductDetail } from '@statewise/contract/schemas/catalogue';
import { useSyncExternalStore } from 'react';
import { KEYS, storage } from '../../lib/storage.ts';
import { CART_MSG } from './messages.ts';

/**
 * The guest cart (shopping §3, §4, §5): lines stored locally as `myData`, one per product + size (sized products)
 * or product + colour (colour products), quantities merged, each line limited by the stock of its size, colour or
 * free-size quantity and by 10, with the spec's messages. The rules are pure functions over the list of lines, so
 * they are tested without a browser; the storage wrappers below apply them to `myData`.
 *
 * The line keeps the spec's fields (uniqueId, _id, name, images, price, offeredPrice, quantity, size, sizeInventory,
 * isFreeSize, freeSizeQty, isColorOptions, color, image) plus `slug` (to link back to the product) and
 * `colorInventory` (so colour lines are limited by their colour's stock like sized lines by their size's). Prices
 * and stock are the product's when the line was last added: only shown to the guest, never trusted by the server,
 * which reads the catalogue again at checkout and at the merge into a server cart.
 */
export interface GuestCartLine {
  uniqueId: string;
  _id: string;
  slug: string;
  name: string;
  images: string[];
  price: number;
  offeredPrice: number;
  quantity: number;
  size: string | null;
  sizeInventory: Array<{ size: string; quantity: number }>;
  isFreeSize: boolean;
  freeSizeQty: number;
  isColorOptions: boolean;
  color: string | null;
  colorInventory: Array<{ color: string; quantity: number }>;
  image: string | null;
}

/** The product facts a guest line keeps, as the catalogue gives them now. */
export type LineProduct = Pick<
  ProductDetail,
  '_id' | 'slug' | 'name' | 'images' | 'price' | 'offeredPrice' | 'isFreeSize' | 'freeSizeQty' | 'isColorOptions' | 'sizeInventory' | 'colorInventory'
>;

export type CartRuleResult = { ok: true; lines: GuestCartLine[] } | { ok: false; message: string };

/** Product + size, product + colour, or the product alone (free size). */
export function lineKey(productId: string, choice: { size?: string | null; color?: string | null }): string {
  if (choice.color) return `${productId}:color:${choice.color.toLowerCase()}`;
  if (choice.size) return `${productId}:size:${choice.size.toLowerCase()}`;
  return `${productId}:free`;
}

/** The stock of the line's size, colour or free-size quantity (0 when that option is gone). */
export function lineStock(line: Pick<GuestCartLine, 'isFreeSize' | 'freeSizeQty' | 'isColorOptions' | 'color' | 'colorInventory' | 'size' | 'sizeInventory'>): number {
  if (line.isColorOptions) {
    const c = line.colorInventory.find((x) => x.color.toLowerCase() === (line.color ?? '').toLowerCase());
    return Math.max(0, c?.quantity ?? 0);
  }
  if (line.isFreeSize || !line.size) return Math.max(0, line.freeSizeQty);
  const s = line.sizeInventory.find((x) => x.size.toLowerCase() === line.size!.toLowerCase());
  return Math.max(0, s?.quantity ?? 0);
}

/** The most this line may hold: its stock, and never more than 10. */
export function lineLimit(line: GuestCartLine): number {
  return Math.min(QUANTITY.max, lineStock(line));
}

/** Why the quantity of a line cannot become `next`, or null when it can. */
export function quantityRefusal(line: GuestCartLine, next: number): string | null {
  if (!Number.isInteger(next) || next < QUANTITY.min) return MSG.quantityMin;
  if (next > QUANTITY.max) return CART_MSG.onlyTen;
  if (next > lineStock(line)) return line.isFreeSize ? MSG.outOfStock : CART_MSG.itemLimitReached;
  return null;
}

/** A line for `product` with the chosen size or colour (the add-to-cart of the product page). */
export function lineFromProduct(
  product: LineProduct,
  choice: { quantity: number; size?: string | null; color?: string | null; image?: string | null },
): GuestCartLine {
  const size = product.isColorOptions || product.isFreeSize ? null : (choice.size ?? null);
  const color = product.isColorOptions ? (choice.color ?? null) : null;
  return {
    uniqueId: lineKey(product._id, { size, color }),
    _id: product._id,
    slug: product.slug,
    name: product.name,
    images: product.images,
    price: product.price,
    offeredPrice: product.offeredPrice,
    quantity: choice.quantity,
    size,
    sizeInventory: product.sizeInventory.map((s) => ({ size: s.size, quantity: s.quantity })),
    isFreeSize: product.isFreeSize,
    freeSizeQty: product.freeSizeQty,
    isColorOptions: product.isColorOptions,
    color,
    colorInventory: product.colorInventory.map((c) => ({ color: c.color, quantity: c.quantity })),
    image: choice.image ?? product.images[0] ?? null,
  };
}

/**
 * Adds a line: merged into the line of the same product + size or colour by adding quantity, else appended.
 * Refused when the option is out of stock, when the merged quantity would pass 10 ('Cant add more quantity';
 * spec §5 says "would reach 10 or more", read as "more than 10" since 10 is the allowed maximum), or when it would
 * pass the stock. The merged line takes the newest product details (prices, stock) from `incoming`.
 */
export function addLine(lines: GuestCartLine[], incoming: GuestCartLine): CartRuleResult {
  const stock = lineStock(incoming);
  if (stock <= 0) return { ok: false, message: MSG.outOfStock };
  if (!Number.isInteger(incoming.quantity) || incoming.quantity < QUANTITY.min) return { ok: false, message: MSG.quantityMin };
  const existing = lines.find((l) => l.uniqueId === incoming.uniqueId);
  const quantity = (existing?.quantity ?? 0) + incoming.quantity;
  if (quantity > QUANTITY.max) return { ok: false, message: CART_MSG.cantAddMore };
  if (quantity > stock) return { ok: false, message: incoming.isFreeSize ? MSG.outOfStock : CART_MSG.itemLimitReached };
  if (!existing && lines.length >= CART_BULK_MAX) return { ok: false, message: CART_MSG.guestCartFull };
  const merged: GuestCartLine = { ...incoming, quantity };
  return { ok: true, lines: existing ? lines.map((l) => (l.uniqueId === incoming.uniqueId ? merged : l)) : [...lines, merged] };
}

/** Sets a line's quantity (the stepper), within 1, its stock and 10. */
export function setLineQuantity(lines: GuestCartLine[], uniqueId: string, next: number): CartRuleResult {
  const line = lines.find((l) => l.uniqueId === uniqueId);
  if (!line) return { ok: true, lines };
  const refusal = quantityRefusal(line, next);
  if (refusal) return { ok: false, message: refusal };
  return { ok: true, lines: lines.map((l) => (l.uniqueId === uniqueId ? { ...l, quantity: next } : l)) };
}

export function removeLine(lines: GuestCartLine[], uniqueId: string): GuestCartLine[] {
  return lines.filter((l) => l.uniqueId !== uniqueId);
}

/**
 * The lines of `product` brought up to date with the catalogue (name, pictures, prices, stock); quantities and
 * choices stay. `null` means the product is no longer on sale: its lines keep everything but have no stock, so
 * they show as out of stock until the guest removes them. The same list comes back when nothing changed.
 */
export function refreshLines(lines: GuestCartLine[], productId: string, product: LineProduct | null): GuestCartLine[] {
  let changed = false;
  const next = lines.map((l) => {
    if (l._id !== productId) return l;
    const fresh: GuestCartLine = product
      ? {
          ...l,
          slug: product.slug,
          name: product.name,
          images: product.images,
          price: product.price,
          offeredPrice: product.offeredPrice,
          isFreeSize: product.isFreeSize,
          freeSizeQty: product.freeSizeQty,
          isColorOptions: product.isColorOptions,
          sizeInventory: product.sizeInventory.map((s) => ({ size: s.size, quantity: s.quantity })),
          colorInventory: product.colorInventory.map((c) => ({ color: c.color, quantity: c.quantity })),
        }
      : { ...l, freeSizeQty: 0, sizeInventory: l.sizeInventory.map((s) => ({ ...s, quantity: 0 })), colorInventory: l.colorInventory.map((c) => ({ ...c, quantity: 0 })) };
    if (JSON.stringify(fresh) === JSON.stringify(l)) return l;
    changed = true;
    return fresh;
  });
  return changed ? next : lines;
}

// ---------- storage (myData) ----------

const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A stored line, repaired where it can be (older shapes) and dropped where it cannot. */
function parseLine(v: unknown): GuestCartLine | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (!isStr(o._id) || !o._id || !isStr(o.name) || !isNum(o.price) || !isNum(o.offeredPrice)) return null;
  const size = isStr(o.size) && o.size ? o.size : null;
  const color = isStr(o.color) && o.color ? o.color : null;
  const sizeInventory = Array.isArray(o.sizeInventory)
    ? o.sizeInventory.filter((s): s is { size: string; quantity: number } => Boolean(s) && isStr(s.size) && isNum(s.quantity))
    : [];
  const colorInventory = Array.isArray(o.colorInventory)
    ? o.colorInventory.filter((c): c is { color: string; quantity: number } => Boolean(c) && isStr(c.color) && isNum(c.quantity))
    : [];
  const quantity = isNum(o.quantity) ? Math.min(QUANTITY.max, Math.max(QUANTITY.min, Math.trunc(o.quantity))) : QUANTITY.min;
  return {
    uniqueId: lineKey(o._id, { size, color }),
    _id: o._id,
    slug: isStr(o.slug) ? o.slug : '',
    name: o.name,
    images: Array.isArray(o.images) ? o.images.filter(isStr) : [],
    price: o.price,
    offeredPrice: o.offeredPrice,
    quantity,
    size,
    sizeInventory,
    isFreeSize: o.isFreeSize === true || o.isFreeSize === 'true',
    freeSizeQty: isNum(o.freeSizeQty) ? o.freeSizeQty : 0,
    isColorOptions: o.isColorOptions === true || o.isColorOptions === 'true',
    color,
    colorInventory,
    image: isStr(o.image) && o.image ? o.image : null,
  };
}

/** Parses what is stored under myData; malformed entries are skipped and duplicates merged. */
export function parseGuestCart(raw: string | null): GuestCartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: GuestCartLine[] = [];
  for (const item of value) {
    const line = parseLine(item);
    if (!line) continue;
    const same = out.find((l) => l.uniqueId === line.uniqueId);
    if (same) same.quantity = Math.min(QUANTITY.max, same.quantity + line.quantity);
    else out.push(line);
  }
  return out;
}

let cache: { raw: string | null; lines: GuestCartLine[] } = { raw: null, lines: [] };

export function readGuestCart(): GuestCartLine[] {
  const raw = storage.get(KEYS.guestCart);
  if (raw !== cache.raw) cache = { raw, lines: parseGuestCart(raw) };
  return cache.lines;
}

function write(lines: GuestCartLine[]): void {
  if (lines.length === 0) storage.remove(KEYS.guestCart);
  else storage.setJson(KEYS.guestCart, lines);
}

function apply(result: CartRuleResult): CartRuleResult {
  if (result.ok) write(result.lines);
  return result;
}

export const guestCart = {
  read: readGuestCart,
  add: (line: GuestCartLine) => apply(addLine(readGuestCart(), line)),
  setQuantity: (uniqueId: string, next: number) => apply(setLineQuantity(readGuestCart(), uniqueId, next)),
  remove: (uniqueId: string) => write(removeLine(readGuestCart(), uniqueId)),
  /** Brings a product's lines up to date (see refreshLines); writes only when something changed. */
  refresh: (productId: string, product: LineProduct | null) => {
    const lines = readGuestCart();
    const next = refreshLines(lines, productId, product);
    if (next !== lines) write(next);
  },
  clear: () => storage.remove(KEYS.guestCart),
};

function subscribe(onChange: () => void): () => void {
  const unsubscribe = storage.subscribe((key) => {
    if (key === null || key === KEYS.guestCart) onChange();
  });
  // another tab changing its cart
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEYS.guestCart) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest cart's lines, following every change (this tab or another). */
const NONE: GuestCartLine[] = [];
export function useGuestCart(): GuestCartLine[] {
  return useSyncExternalStore(subscribe, readGuestCart, () => NONE);
}
