import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The id of the data block a server-rendered page carries its answers in (a JSON block the browser never runs). */
export const SSR_DATA_ID = 'sw-data';

type PackedError = { __apiError: { status: number; message: string; errors: Record<string, string> } };

/**
 * The server's answers as the page carries them: every answered query, and every refusal the page showed (an
 * unknown product's 404), so the browser's first render draws exactly what the server drew. A refusal travels as
 * its status and sentence and becomes an ApiError again in the browser (a class does not survive JSON).
 */
export function packQueries(client: QueryClient): string {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || (q.state.status === 'error' && q.state.error instanceof ApiError),
  });
  for (const q of state.queries) {
    const err = q.state.error;
    if (err instanceof ApiError) (q.state as { error: unknown }).error = { __apiError: { status: err.status, message: err.message, errors: err.errors } } satisfies PackedError;
  }
  // `<` escaped so no text can close the element; the line separators so the block stays one JavaScript string
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Puts the page's answers into the browser's query client; false when the page carries none (it was not server-rendered). */
export function unpackQueries(client: QueryClient, doc: Document = document): boolean {
  const el = doc.getElementById(SSR_DATA_ID);
  if (!el?.textContent) return false;
  let state: DehydratedState;
  try {
    state = JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return false;
  }
  for (const q of state.queries) {
    const packed = (q.state.error as PackedError | null)?.__apiError;
    if (packed) (q.state as { error: unknown }).error = new ApiError(packed.status, packed.message, packed.errors);
  }
  hydrate(client, state);
  return true;
}
