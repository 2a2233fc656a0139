import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.ts';

/**
 * Inserts many rows in one statement per batch: the rows travel as a single JSON parameter and
 * json_populate_recordset turns them into the table's row type (arrays, enums, timestamps included).
 * Much faster than row-by-row inserts, and the same SQL on PGlite and PostgreSQL. Every row must carry
 * the same fields (those of the first row); columns left out take their defaults.
 */
export async function bulkInsert<T extends PgTable>(db: DbOrTx, table: T, rows: readonly T['$inferInsert'][], batchSize = 1000): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]!).filter((k) => k in columns);
  const names = keys.map((k) => columns[k]!.name);
  const tableName = sql.identifier(getTableName(table));
  const columnList = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row) => {
      const out: Record<string, unknown> = {};
      const r = row as Record<string, unknown>;
      keys.forEach((k, i) => {
        out[names[i]!] = r[k] ?? null;
      });
      return out;
    });
    await db.execute(
      sql`insert into ${tableName} (${columnList}) select ${columnList} from json_populate_recordset(null::${tableName}, ${JSON.stringify(batch)}::json)`,
    );
  }
}
