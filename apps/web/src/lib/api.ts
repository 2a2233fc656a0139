import { SERVER_ERROR } from '@statewise/contract/fallback-messages';
import { KEYS, storage } from './storage.ts';

/** A refused call: the server's sentence, its field messages and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** What a refusal carries beyond its message (an import's report with its 422). */
    readonly data?: unknown,
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

/** Tells the auth feature that the server ended this session outside an API call (the chat socket's notice). */
export function reportUnauthorized(): void {
  unauthorizedListeners.forEach((l) => l());
}

/**
 * Calls `/api/{path}` with the stored bearer token and unwraps the envelope of API.md:
 * resolves with `data`, or throws ApiError with the server's message.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { data } = await apiEnvelope<T>(path, opts);
  return data;
}

export type Payload<T = unknown> = { success?: boolean; message?: string; data?: T; errors?: Record<string, string> };

/** The refusal a response stands for: the envelope's message and field messages, or the status alone. */
function refusal(status: number, payload: Payload): ApiError {
  return new ApiError(status, payload.message ?? SERVER_ERROR, payload.errors ?? {}, payload.data);
}

/**
 * How a call reaches the API. In the browser: fetch over HTTP. While a page is rendered on the server, the server
 * sets one that answers from its own services in-process (apps/server modules/pages), so a server-rendered page
 * asks the same code the API runs without an HTTP call to itself. The answer is what fetch would have given: the
 * status and the parsed envelope.
 */
export type ApiTransport = (call: { method: string; path: string; body?: Json }) => Promise<{ status: number; payload: Payload }>;

let serverTransport: ApiTransport | null = null;

/** Server rendering only (apps/web/src/entry-server.tsx): every call goes through `transport` from now on. */
export function setServerTransport(transport: ApiTransport): void {
  serverTransport = transport;
}

/**
 * The one fetch of every call: `/api/{path}` with the stored bearer token (`auth`), a JSON or FormData body,
 * offline turned into ApiError (aborts pass through), and an error status turned into ApiError with the server's
 * sentence (a 401 on a signed-in call tells the auth feature). Resolves with the response of a 2xx status and its
 * body parsed as JSON (`{}` when it is not JSON), unless `parse` is false.
 */
async function request(
  path: string,
  opts: RequestOptions & { accept?: string; auth?: boolean; parse?: boolean },
): Promise<{ res: Response; payload: Payload }> {
  if (serverTransport) return serverCall(serverTransport, path, opts);
  const headers: Record<string, string> = {};
  if (opts.accept) headers.accept = opts.accept;
  const token = opts.auth === false ? null : storage.get(KEYS.accessToken);
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
  // A non-JSON body (a proxy's error page) reads as {}: the status speaks alone.
  const payload = res.ok && opts.parse === false ? {} : ((await res.json().catch(() => ({}))) as Payload);
  if (!res.ok) {
    if (res.status === 401 && token) unauthorizedListeners.forEach((l) => l());
    throw refusal(res.status, payload);
  }
  return { res, payload };
}

async function serverCall(transport: ApiTransport, path: string, opts: RequestOptions): Promise<{ res: Response; payload: Payload }> {
  if (opts.body instanceof FormData) throw new ApiError(405, 'Uploads are not made while a page is rendered');
  const { status, payload } = await transport({ method: opts.method ?? (opts.body ? 'POST' : 'GET'), path: path.replace(/^\//, ''), body: opts.body });
  if (status < 200 || status >= 300) throw refusal(status, payload);
  // only the status is read off the response by the calls a server-rendered page makes
  return { res: { status, ok: true } as Response, payload };
}

/** Like `api`, but also gives the envelope's message (for toasts that show the server's sentence). */
export async function apiEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<{ data: T; message?: string; status: number }> {
  const { res, payload } = await request(path, { ...opts, accept: 'application/json' });
  if (payload.success === false) throw refusal(res.status, payload);
  return { data: payload.data as T, message: payload.message, status: res.status };
}

/**
 * For the few calls that answer in someone else's shape instead of our envelope — GET pincode/{pincode} and
 * pincode/nearest speak India Post's `{Status, PostOffice}` — the parsed body as it is. Public calls: no token.
 */
export async function apiRaw<T>(path: string, opts: { signal?: AbortSignal } = {}): Promise<T> {
  const { payload } = await request(path, { signal: opts.signal, accept: 'application/json', auth: false });
  return payload as T;
}

/**
 * For calls that answer with a file (POST order/invoice/{orderId} → a PDF): the body as a Blob, with the stored
 * bearer token; a refusal still speaks our envelope and throws ApiError with the server's sentence.
 */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const { res } = await request(path, { ...opts, parse: false });
  return res.blob();
}

/** Saves a downloaded file (an invoice PDF) through a temporary link, as the browser's own download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
