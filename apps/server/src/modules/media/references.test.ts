import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { NOT_UPLOAD_REFERENCES, UPLOAD_REFERENCES } from './references.ts';

/** Column names that usually keep a file's URL. */
const LOOKS_LIKE_UPLOAD = /image|picture|banner|avatar|chart|video|poster|url|photo|document|sections|file/;

describe('UPLOAD_REFERENCES', () => {
  const columns = (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => t instanceof PgTable)
    .flatMap((t) => {
      const c = getTableConfig(t);
      return c.columns.filter((col) => ['PgText', 'PgArray', 'PgJsonb'].includes(col.columnType)).map((col) => ({ name: `${c.name}.${col.name}`, type: col.columnType }));
    });

  it('names every column that can keep an upload’s URL, so deleteUpload never removes a file still shown', () => {
    const listed = new Set([...UPLOAD_REFERENCES.map((r) => `${r.table}.${r.column}`), ...NOT_UPLOAD_REFERENCES]);
    const missing = columns.filter((c) => LOOKS_LIKE_UPLOAD.test(c.name.split('.')[1]!) && !listed.has(c.name)).map((c) => c.name);
    expect(missing).toEqual([]);
  });

  it('names only columns that exist, with their shapes', () => {
    const byName = new Map(columns.map((c) => [c.name, c.type]));
    for (const r of UPLOAD_REFERENCES) {
      const type = byName.get(`${r.table}.${r.column}`);
      expect(type, `${r.table}.${r.column}`).toBe({ text: 'PgText', array: 'PgArray', sections: 'PgJsonb' }[r.shape]);
    }
  });
});
