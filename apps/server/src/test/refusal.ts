import { expect } from 'vitest';
import { AppError } from '../lib/errors.ts';

/** The AppError `work` rejects with (for services called directly, below the HTTP layer); fails if it resolves. */
export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
