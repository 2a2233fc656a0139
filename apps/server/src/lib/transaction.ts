import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** Deadlock detected (40P01) or serialization failure (40001): PostgreSQL rolled the transaction back, a retry may pass. */
export function isRetryableTxError(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs `work` in a transaction, again (up to `attempts` times in all) when PostgreSQL aborted it as a deadlock
 * victim or a serialization failure — never a 500 for a clash between two shoppers. `work` must be safe to
 * repeat: everything it wrote was rolled back. Other errors go to the caller at once.
 */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryableTxError(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

/**
 * Makes transactions naming the same `key` take turns until they end (a transaction-scoped advisory lock). For a
 * rule no constraint can hold, such as "at most N rows per account": under PostgreSQL's READ COMMITTED two
 * inserts each counting the rows would both see N - 1 and both pass; taken first, the lock makes the later one
 * count after the earlier one committed (each statement sees what was committed before it started).
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
