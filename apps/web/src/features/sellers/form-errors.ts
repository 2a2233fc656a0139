import type { ZodError } from 'zod';
import { ApiError } from '../../lib/api.ts';

/**
 * The first problem of a form, by the order its fields are checked in (accounts §5: step one is "checked in
 * order"), as `{ field, message }` — shown next to that field and in a toast. Zod reports object fields in their
 * declaration order and refinements after; sorting by the form's own order keeps the rule whatever the schema's.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export function firstProblem(error: ZodError, order: readonly string[]): FieldProblem | null {
  const rank = (field: string) => {
    const i = order.indexOf(field);
    return i < 0 ? order.length : i;
  };
  const issues = error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
  issues.sort((a, b) => rank(a.field) - rank(b.field));
  return issues[0] ?? null;
}

/** A server refusal in the same form: its first field message in the form's order, else its sentence. */
export function serverProblem(err: unknown, order: readonly string[]): FieldProblem {
  if (err instanceof ApiError) {
    const field = order.find((f) => err.errors[f]);
    if (field) return { field, message: err.errors[field]! };
    const other = Object.entries(err.errors)[0];
    return { field: other?.[0] ?? '', message: other?.[1] ?? err.message };
  }
  return { field: '', message: err instanceof Error ? err.message : String(err) };
}
