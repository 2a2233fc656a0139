import { MSG } from '@statewise/contract/messages';
import { KEYS, storage } from './storage.ts';

/** A refused call: the server's sentence, its field messages and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: Json | FormData;
  signal?: AbortSignal;
}

const unauthorizedListeners = new Set<() => void>();
/** The auth feature listens here: a 401 from any call clears auth and asks to log in again. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Calls `/api/{path}` with the stored bearer token and unwraps the envelope of API.md:
 * resolves with `data`, or throws ApiError with the server's message.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { data } = await apiEnvelope<T>(path, opts);
  return data;
}

/** Like `api`, but also gives the envelope's message (for toasts that show the server's sentence). */
export async function apiEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<{ data: T; message?: string; status: number }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = storage.get(KEYS.accessToken);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'You seem to be offline. Please check your connection and try again.');
  }
  let payload: { success?: boolean; message?: string; data?: T; errors?: Record<string, string> } = {};
  try {
    payload = (await res.json()) as typeof payload;
  } catch {
    // non-JSON body (a proxy's error page): fall through with the status
  }
  if (!res.ok || payload.success === false) {
    if (res.status === 401 && token) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(res.status, payload.message ?? MSG.serverError, payload.errors ?? {});
  }
  return { data: payload.data as T, message: payload.message, status: res.status };
}
