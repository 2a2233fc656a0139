import { sql } from 'drizzle-orm';
import { MSG, onlyLeftMessage, type Size } from '@statewise/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';

/**
 * Stock held by orders: each line draws on the quantity of its size (product_sizes), its colour (product_colors)
 * or the product's free-size quantity (products.free_size_qty).
 *
 * Taking stock is ONE conditional statement per line — `SET quantity = quantity − n WHERE … AND quantity >= n` —
 * so the database re-checks the quantity on the row as it is when the statement runs, after any concurrent
 * buyer's statement committed: two shoppers can never both take the last unit, and a quantity never goes below
 * zero (the tables' CHECKs back this up).
 */

/** The stock a line draws on. */
export interface StockKey {
  productId: string;
  size: Size | null;
  color: string | null;
}

/**
 * Every write to a stock table takes catalogue_version row 1 and bumps the stock version (row 2) through triggers
 * (migration 0012, for the read cache). A transaction that writes stock of several products would take stock row
 * locks and those rows in interleaved order and could deadlock with another; so every order transaction that
 * writes stock or sales figures takes the row 1 lock FIRST — one lock order for all of them. Held until commit:
 * order writes are short.
 */
export async function lockCatalogueWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select version from catalogue_version where id = 1 for no key update`);
}

/** Takes `n` pieces if at least `n` are there; false (nothing changed) otherwise. */
async function take(tx: Tx, key: StockKey, n: number): Promise<boolean> {
  const res = key.size
    ? await tx.execute(sql`update product_sizes set quantity = quantity - ${n}::int
        where product_id = ${key.productId} and size = ${key.size}::size and quantity >= ${n}::int returning quantity`)
    : key.color
      ? await tx.execute(sql`update product_colors set quantity = quantity - ${n}::int
          where product_id = ${key.productId} and color = ${key.color} and quantity >= ${n}::int returning quantity`)
      : await tx.execute(sql`update products set free_size_qty = free_size_qty - ${n}::int
          where id = ${key.productId} and free_size_qty >= ${n}::int returning free_size_qty`);
  return res.rows.length > 0;
}

/** Pieces in stock now for `key` (0 when the size or colour is gone). */
export async function stockLeft(db: DbOrTx, key: StockKey): Promise<number> {
  const res = key.size
    ? await db.execute<{ q: number }>(sql`select quantity as q from product_sizes where product_id = ${key.productId} and size = ${key.size}::size`)
    : key.color
      ? await db.execute<{ q: number }>(sql`select quantity as q from product_colors where product_id = ${key.productId} and color = ${key.color}`)
      : await db.execute<{ q: number }>(sql`select free_size_qty as q from products where id = ${key.productId}`);
  return Number(res.rows[0]?.q ?? 0);
}

export interface StockLine extends StockKey {
  quantity: number;
  name: string;
}

const keyOf = (l: StockKey) => `${l.productId}|${l.size ?? ''}|${l.color ?? ''}`;

/**
 * Reserves every line's stock, or none: 409 'Product is out of stock now' / 'Only N left in stock' for the first
 * line that does not fit (named when the order has several lines); the caller's transaction rolls back the lines
 * already taken. Lines go in a fixed order (by product, size, colour). Call after lockCatalogueWrites.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const ordered = [...lines].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  for (const line of ordered) {
    if (await take(tx, line, line.quantity)) continue;
    const left = await stockLeft(tx, line);
    const message = left > 0 ? onlyLeftMessage(left) : MSG.outOfStock;
    throw conflict(lines.length > 1 ? `${line.name}${line.size ? ` (${line.size.toUpperCase()})` : line.color ? ` (${line.color})` : ''}: ${message}` : message);
  }
}

/** Puts an order's pieces back (cancellation, failed or abandoned payment). A size or colour since deleted gets nothing back. */
export async function releaseStock(tx: Tx, lines: readonly (StockKey & { quantity: number })[]): Promise<void> {
  const ordered = [...lines].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  for (const l of ordered) {
    if (l.size) {
      await tx.execute(sql`update product_sizes set quantity = quantity + ${l.quantity}::int where product_id = ${l.productId} and size = ${l.size}::size`);
    } else if (l.color) {
      await tx.execute(sql`update product_colors set quantity = quantity + ${l.quantity}::int where product_id = ${l.productId} and color = ${l.color}`);
    } else {
      await tx.execute(sql`update products set free_size_qty = free_size_qty + ${l.quantity}::int where id = ${l.productId}`);
    }
  }
}

/** Counts sold pieces on the products (top-selling): +quantity when an order is paid, − when a paid order is cancelled. */
export async function addSales(tx: Tx, lines: readonly { productId: string; quantity: number }[], sign: 1 | -1): Promise<void> {
  const perProduct = new Map<string, number>();
  for (const l of lines) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  for (const [productId, quantity] of [...perProduct].sort(([a], [b]) => a.localeCompare(b))) {
    await tx.execute(sql`update products set sales_count = greatest(0, sales_count + ${sign * quantity}::int) where id = ${productId}`);
  }
}
