import { expect } from 'vitest';
import type { z } from 'zod';
import { envelope } from '@statewise/contract';

/**
 * Asserts a success body is exactly the contract's shape: it parses, and parsing drops nothing (no extra or
 * private fields leak). Returns the data, typed.
 */
export function expectContract<T extends z.ZodType>(data: T, body: unknown): z.infer<T> {
  const parsed = envelope(data).safeParse(body);
  if (!parsed.success) throw new Error(`Body does not match the contract: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  expect(parsed.data).toEqual(body);
  return (parsed.data as { data: z.infer<T> }).data;
}
