import { eq, sql } from 'drizzle-orm';
import {
  CART_SIMILAR_MAX,
  cartAddBody,
  MSG,
  onlyLeftMessage,
  QUANTITY,
  type CartAddInput,
  type CartBulkLineResult,
  type ProductCard,
  type Size,
} from '@statewise/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { cartLines } from '../../db/schema/index.ts';
import { onUserDeleted } from '../../lib/account-hooks.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { filterWhere, IN_STOCK, selectCards } from '../products/listing.ts';
import { totalsOf, type PricedLine, type Totals } from './pricing.ts';
import {
  isObject,
  lineCap,
  lineStock,
  loadActiveProduct,
  loadProducts,
  pickImage,
  PRODUCT_COLUMNS,
  PRODUCT_JOIN,
  resolveVariant,
  toStockedProduct,
  uuidList,
  type ProductRow,
  type StockedProduct,
  type Variant,
} from './stock.ts';

export { shippingCharges, totalsOf, type PricedLine, type Totals } from './pricing.ts';
export type { StockedProduct } from './stock.ts';

/**
 * The signed-in cart (shopping §2 Cart, §4 Add to cart, §5 Quantity). Rules:
 * - one line per product + size (sized), product + colour (colour products) or product (free size); adding what
 *   is already there adds to that line's quantity;
 * - a line holds 1 to 10 pieces and never more than the stock of its size, colour or free-size quantity at the
 *   time of the change. Every change is ONE conditional statement (an upsert or update whose WHERE re-checks the
 *   limit against the row as it is when the statement runs), so two tabs adding at once can never pass either
 *   limit: the second statement waits for the first's row lock and then sees its quantity;
 * - prices are never stored: every read joins the catalogue. A line whose product went off sale, or whose size
 *   or colour has fewer pieces than the line holds, stays in the cart flagged `outOfStock` (with the
 *   `availableQuantity` it could hold) and is left out of the totals and of orders.
 *
 * For the orders feature:
 *   const items = await readCart(tx, userId, { lock: true });   // lines with live prices and stock, locked
 *   const buyable = items.filter((i) => !i.outOfStock);
 *   const totals = totalsOf(buyable.map(pricedLine));             // shippingCharges() inside
 *   ... create the order ...
 *   await clearCart(tx, userId, buyable.map((i) => i.id));       // after payment: empty what was bought
 */

/** A cart line with its product as the catalogue has it now. */
export interface CartItem {
  id: string;
  productId: string;
  quantity: number;
  size: Size | null;
  color: string | null;
  image: string;
  product: StockedProduct;
  /** Pieces in stock for this line's size, colour or free-size quantity (0 when off sale). */
  stock: number;
  /** min(10, stock): the most this line may hold. */
  availableQuantity: number;
  /** Cannot be bought as it stands: off sale, or stock below the line's quantity. */
  outOfStock: boolean;
}

type LineRow = ProductRow & { id: string; quantity: number; size: Size | null; color: string | null; image: string };

function toCartItem(r: LineRow): CartItem {
  const product = toStockedProduct(r);
  const stock = product.isActive ? lineStock(product, r) : 0;
  const availableQuantity = lineCap(stock);
  const quantity = Number(r.quantity);
  return {
    id: r.id,
    productId: product.id,
    quantity,
    size: r.size,
    color: r.color,
    image: r.image,
    product,
    stock,
    availableQuantity,
    outOfStock: availableQuantity < quantity,
  };
}

/**
 * A user's cart lines, oldest first, with live prices and stock (one query). Pass `lock: true` inside a
 * transaction to lock the lines until it ends (order creation).
 */
export async function readCart(db: DbOrTx, userId: string, opts: { lock?: boolean } = {}): Promise<CartItem[]> {
  const res = await db.execute<LineRow>(sql`select l.id, l.quantity, l.size, l.color, l.image, ${PRODUCT_COLUMNS}
    from cart_lines l join products p on p.id = l.product_id ${PRODUCT_JOIN}
    where l.user_id = ${userId}
    order by l.created_at, l.id
    ${opts.lock ? sql`for update of l` : sql``}`);
  return res.rows.map(toCartItem);
}

/** A cart item as a priced line (unit prices from the catalogue). */
export const pricedLine = (i: CartItem): PricedLine => ({ quantity: i.quantity, offeredPrice: i.product.offeredPrice, price: i.product.price });

/** Totals over the lines that can be bought (outOfStock lines are left out). */
export function cartTotals(items: readonly CartItem[]): Totals {
  return totalsOf(items.filter((i) => !i.outOfStock).map(pricedLine));
}

/**
 * Empties a user's cart, or only the given lines (those an order bought). Returns how many lines went.
 * Call it inside the transaction that records the payment.
 */
export async function clearCart(db: DbOrTx | Tx, userId: string, lineIds?: readonly string[]): Promise<number> {
  if (lineIds && !lineIds.length) return 0;
  const res = await db.execute<{ id: string }>(sql`delete from cart_lines where user_id = ${userId}
    ${lineIds ? sql`and id in (${uuidList([...lineIds])})` : sql``} returning id`);
  return res.rows.length;
}

/** GET cart/count: lines and pieces. */
export async function cartCount(db: DbOrTx, userId: string): Promise<{ count: number; quantity: number }> {
  const res = await db.execute<{ count: number; quantity: number }>(
    sql`select count(*)::int as count, coalesce(sum(quantity), 0)::int as quantity from cart_lines where user_id = ${userId}`,
  );
  return { count: Number(res.rows[0]?.count ?? 0), quantity: Number(res.rows[0]?.quantity ?? 0) };
}

/**
 * The refusal for a line that would pass its cap: the stock's message when the stock is what binds
 * ('Product is out of stock now' when not one more fits, else 'Only N left in stock'), else the 10 limit's.
 */
function limitError(existing: number, stock: number, tenMessage: string): AppError {
  if (stock < QUANTITY.max) return conflict(existing >= stock ? MSG.outOfStock : onlyLeftMessage(stock));
  return conflict(tenMessage);
}

async function lineQuantity(db: DbOrTx, userId: string, productId: string, v: Pick<Variant, 'size' | 'color'>): Promise<number> {
  const res = await db.execute<{ quantity: number }>(sql`select quantity from cart_lines
    where user_id = ${userId} and product_id = ${productId}
      and size is not distinct from ${v.size}::size and color is not distinct from ${v.color}::text`);
  return Number(res.rows[0]?.quantity ?? 0);
}

/**
 * POST cart/add: adds `quantity` to the line of this product and size/colour, creating it if need be.
 * 404 unknown or off-sale product; 400 missing or unknown size/colour; 409 'Product is out of stock now',
 * 'Only N left in stock' or 'Cant add more than 10 items' when the line would pass its stock or 10.
 */
export async function addToCart(db: DbOrTx, userId: string, input: CartAddInput): Promise<{ lineId: string; quantity: number; created: boolean }> {
  const product = await loadActiveProduct(db, input.productId);
  const v = resolveVariant(product, input);
  if (v.stock <= 0) throw conflict(MSG.outOfStock);
  const cap = lineCap(v.stock);
  const q = input.quantity;
  if (q > cap) throw limitError(0, v.stock, MSG.cartMaxItems);
  const image = pickImage(product, v, input.image);
  const res = await db.execute<{ id: string; quantity: number; inserted: boolean }>(sql`insert into cart_lines
      (user_id, product_id, size, color, quantity, image, created_at, updated_at)
    values (${userId}, ${product.id}, ${v.size}::size, ${v.color}::text, ${q}::int, ${image}, clock_timestamp(), clock_timestamp())
    on conflict on constraint cart_lines_line do update
      set quantity = cart_lines.quantity + excluded.quantity, updated_at = now()
      where cart_lines.quantity + excluded.quantity <= ${cap}::int
    returning id, quantity, (xmax = 0) as inserted`);
  const row = res.rows[0];
  if (!row) throw limitError(await lineQuantity(db, userId, product.id, v), v.stock, MSG.cartMaxItems);
  return { lineId: row.id, quantity: Number(row.quantity), created: Boolean(row.inserted) };
}

/** The user's line by id (and product, when given), or 404: another user's line is as unknown as a missing one. */
async function ownLine(db: DbOrTx, userId: string, lineId: string, productId?: string) {
  const res = await db.execute<{ id: string; product_id: string; quantity: number; size: Size | null; color: string | null }>(
    sql`select id, product_id, quantity, size, color from cart_lines where id = ${lineId} and user_id = ${userId}`,
  );
  const line = res.rows[0];
  if (!line || (productId && line.product_id !== productId)) throw notFound(MSG.cartLineNotFound);
  return { ...line, quantity: Number(line.quantity) };
}

/** The user's line of a product picked by size or colour; the only line of the product when neither is given. */
async function lineOfProduct(db: DbOrTx, userId: string, productId: string, pick: { size?: Size; color?: string }) {
  const res = await db.execute<{ id: string; product_id: string; quantity: number; size: Size | null; color: string | null }>(
    sql`select id, product_id, quantity, size, color from cart_lines where user_id = ${userId} and product_id = ${productId}
      order by created_at, id`,
  );
  const lines = res.rows.map((l) => ({ ...l, quantity: Number(l.quantity) }));
  if (!lines.length) throw notFound(MSG.cartLineNotFound);
  if (pick.size || pick.color) {
    const color = pick.color?.toLowerCase();
    const line = lines.find((l) => (pick.size ? l.size === pick.size : true) && (color ? l.color?.toLowerCase() === color : true));
    if (!line) throw notFound(MSG.cartLineNotFound);
    return line;
  }
  if (lines.length === 1) return lines[0]!;
  // Several sizes or colours of the product are in the cart: say which to change.
  const message = lines.some((l) => l.color) ? MSG.selectColor : MSG.selectSize;
  throw badRequest(message, { [lines.some((l) => l.color) ? 'color' : 'size']: message });
}

/** The stock a stored line may draw on now (0 when the product is off sale or its size/colour is gone). */
async function stockOfLine(db: DbOrTx, line: { product_id: string; size: Size | null; color: string | null }): Promise<number> {
  const product = (await loadProducts(db, [line.product_id])).get(line.product_id);
  return product?.isActive ? lineStock(product, line) : 0;
}

/**
 * PATCH cart/update: sets a line's quantity (1–10, 400 'Quantity cannot be more than 10' beyond). Raising it
 * past the stock is a 409; lowering is always allowed (so a line left above the stock can step down to it).
 */
export async function setLineQuantity(db: DbOrTx, userId: string, input: { cartId: string; productId?: string; quantity: number }): Promise<void> {
  const line = await ownLine(db, userId, input.cartId, input.productId);
  const stock = await stockOfLine(db, line);
  const cap = lineCap(stock);
  const q = input.quantity;
  if (q > line.quantity && q > cap) throw limitError(line.quantity, stock, MSG.quantityMax);
  const res = await db.execute<{ quantity: number }>(sql`update cart_lines set quantity = ${q}::int, updated_at = now()
    where id = ${line.id} and user_id = ${userId} and (${q}::int <= ${cap}::int or ${q}::int < quantity)
    returning quantity`);
  if (!res.rows[0]) {
    // Changed in between: gone (404), or another tab lowered it so this is now an increase past the stock.
    const now = await ownLine(db, userId, input.cartId);
    throw limitError(now.quantity, stock, MSG.quantityMax);
  }
}

/** PATCH cart/increment/{productId}: one more piece (409 'Cant add more than 10 quantities' at 10, or the stock's). */
export async function incrementLine(db: DbOrTx, userId: string, productId: string, pick: { size?: Size; color?: string }): Promise<void> {
  const line = await lineOfProduct(db, userId, productId, pick);
  const stock = await stockOfLine(db, line);
  const cap = lineCap(stock);
  const res = await db.execute<{ quantity: number }>(sql`update cart_lines set quantity = quantity + 1, updated_at = now()
    where id = ${line.id} and quantity + 1 <= ${cap}::int returning quantity`);
  if (!res.rows[0]) {
    const now = await ownLine(db, userId, line.id);
    throw limitError(now.quantity, stock, MSG.cartMaxQuantities);
  }
}

/** PATCH cart/decrement/{productId}: one piece fewer; 409 'Quantity cannot be less than 1' at 1 (remove instead). */
export async function decrementLine(db: DbOrTx, userId: string, productId: string, pick: { size?: Size; color?: string }): Promise<void> {
  const line = await lineOfProduct(db, userId, productId, pick);
  const res = await db.execute<{ quantity: number }>(sql`update cart_lines set quantity = quantity - 1, updated_at = now()
    where id = ${line.id} and quantity > 1 returning quantity`);
  if (!res.rows[0]) {
    await ownLine(db, userId, line.id); // 404 if it went meanwhile
    throw conflict(MSG.quantityMin);
  }
}

/** DELETE cart/remove/{productId}: removes the line of that product (and size/colour). */
export async function removeProductLine(db: DbOrTx, userId: string, productId: string, pick: { size?: Size; color?: string }): Promise<void> {
  const line = await lineOfProduct(db, userId, productId, pick);
  await deleteLine(db, userId, { cartId: line.id });
}

/** DELETE cart/delete: removes a line by id (404 when it is not this user's). */
export async function deleteLine(db: DbOrTx, userId: string, input: { cartId: string; productId?: string }): Promise<void> {
  const res = await db.execute<{ id: string }>(sql`delete from cart_lines where id = ${input.cartId} and user_id = ${userId}
    ${input.productId ? sql`and product_id = ${input.productId}` : sql``} returning id`);
  if (!res.rows[0]) throw notFound(MSG.cartLineNotFound);
}

/**
 * POST cart/bulkAdd: the guest cart merged at login, in one transaction. Each entry is read like a cart/add body
 * and judged on its own; nothing fails the whole merge. An entry adds what fits under its line's cap
 * (min(10, stock)) and reports it: added / merged in full, capped (part added, the message says why), or
 * skipped (nothing added: unknown or off-sale product, missing or unknown size/colour, out of stock, or the
 * line already full). A line already above its cap (stock dropped) is left as it is, never lowered.
 */
export async function bulkAdd(db: Db, userId: string, entries: readonly unknown[]): Promise<CartBulkLineResult[]> {
  // A non-object entry has no product id to speak of.
  const parsed = entries.map((entry) => cartAddBody.safeParse(isObject(entry) ? entry : {}));
  const ids = parsed.flatMap((p) => (p.success ? [p.data.productId] : []));
  return db.transaction(async (tx) => {
    const products = await loadProducts(tx, ids);
    const results: CartBulkLineResult[] = [];
    for (const [index, p] of parsed.entries()) {
      const raw = (entries[index] ?? {}) as Record<string, unknown>;
      const base = {
        index,
        productId: p.success ? p.data.productId : typeof raw.productId === 'string' ? raw.productId : null,
        size: p.success ? (p.data.size ?? null) : null,
        color: p.success ? (p.data.color ?? null) : null,
        requested: p.success ? p.data.quantity : null,
      };
      const skip = (message: string, quantity = 0): CartBulkLineResult => ({ ...base, status: 'skipped', quantity, message });
      if (!p.success) {
        results.push(skip(p.error.issues[0]?.message ?? MSG.badRequest));
        continue;
      }
      const input = p.data;
      const product = products.get(input.productId);
      if (!product?.isActive) {
        results.push(skip(MSG.productNotFound));
        continue;
      }
      let v: Variant;
      try {
        v = resolveVariant(product, input);
      } catch (err) {
        results.push(skip(err instanceof AppError ? err.message : MSG.badRequest));
        continue;
      }
      const key = { ...base, size: v.size, color: v.color };
      if (v.stock <= 0) {
        results.push({ ...key, status: 'skipped', quantity: await lineQuantity(tx, userId, product.id, v), message: MSG.outOfStock });
        continue;
      }
      const cap = lineCap(v.stock);
      const q = input.quantity;
      const image = pickImage(product, v, input.image);
      const res = await tx.execute<{ quantity: number; prev: number | null }>(sql`with prev as (
          select quantity from cart_lines where user_id = ${userId} and product_id = ${product.id}
            and size is not distinct from ${v.size}::size and color is not distinct from ${v.color}::text)
        insert into cart_lines (user_id, product_id, size, color, quantity, image, created_at, updated_at)
        values (${userId}, ${product.id}, ${v.size}::size, ${v.color}::text, least(${q}::int, ${cap}::int), ${image},
          -- strictly after the user's last line: the cart lists by created_at, and PGlite's clock can give two
          -- lines of one merge the same instant (then their order was left to their random ids)
          greatest(clock_timestamp(), (select max(created_at) from cart_lines where user_id = ${userId}) + interval '1 microsecond'),
          clock_timestamp())
        on conflict on constraint cart_lines_line do update
          set quantity = greatest(cart_lines.quantity, least(cart_lines.quantity + ${q}::int, ${cap}::int)), updated_at = now()
        returning quantity, (select quantity from prev) as prev`);
      const after = Number(res.rows[0]!.quantity);
      const before = res.rows[0]!.prev === null ? 0 : Number(res.rows[0]!.prev);
      const added = after - before;
      if (added === q) {
        results.push({ ...key, status: before ? 'merged' : 'added', quantity: after, message: null });
      } else {
        const why = limitError(before, v.stock, MSG.cartMaxItems).message;
        results.push({ ...key, status: added > 0 ? 'capped' : 'skipped', quantity: after, message: why });
      }
    }
    return results;
  });
}

/**
 * GET cart/similarProducts: up to 10 in-stock products from the subcategories of what is in the cart, topped up
 * from its categories; never a product already in the cart. An empty cart has none.
 */
export async function similarToCart(db: Db, userId: string): Promise<ProductCard[]> {
  const res = await db.execute<{ product_id: string; subcategory_id: string | null; category_id: string }>(sql`select distinct
      l.product_id, p.subcategory_id, p.category_id
    from cart_lines l join products p on p.id = l.product_id where l.user_id = ${userId}`);
  if (!res.rows.length) return [];
  const inCart = [...new Set(res.rows.map((r) => r.product_id))];
  const subcategories = [...new Set(res.rows.flatMap((r) => (r.subcategory_id ? [r.subcategory_id] : [])))];
  const categories = [...new Set(res.rows.map((r) => r.category_id))];
  const base = [...filterWhere({}), IN_STOCK, sql`p.id not in (${uuidList(inCart)})`];
  const found = subcategories.length
    ? await selectCards(db, { where: [...base, sql`p.subcategory_id in (${uuidList(subcategories)})`], order: {}, limit: CART_SIMILAR_MAX })
    : [];
  if (found.length < CART_SIMILAR_MAX) {
    const seen = found.map((c) => c._id);
    const more = await selectCards(db, {
      where: [...base, sql`p.category_id in (${uuidList(categories)})`, ...(seen.length ? [sql`p.id not in (${uuidList(seen)})`] : [])],
      order: {},
      limit: CART_SIMILAR_MAX - found.length,
    });
    found.push(...more);
  }
  return found;
}

// An account's cart goes with the account (accounts §4.7); the same transaction as the deletion.
onUserDeleted('cart:lines', async (tx, user) => {
  await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
});
