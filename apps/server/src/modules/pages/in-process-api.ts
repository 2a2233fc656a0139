import type { App } from '../../context.ts';

/** What the web app's API client asks while a page is rendered (apps/web lib/api.ts ApiTransport). */
export interface ApiCall {
  method: string;
  path: string;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  payload: { success?: boolean; message?: string; data?: unknown; errors?: Record<string, string> };
}

/** The API's answer the page may not draw from on the server: it needs a signed-in person, or it is no read. */
export class NotForPages extends Error {}

const READS = new Set(['GET', 'POST']);

/**
 * Answers a server-rendered page's API calls in this process: the call runs through the API's own route (its
 * validation, cache and serializer) by Fastify's inject, which hands the request to the router as a function call:
 * no socket, no port, no second process. A page is always rendered as a guest: no token goes with the call, and a
 * call that needs one (401, 403) is left for the browser to make.
 */
export function inProcessApi(app: App): (call: ApiCall) => Promise<ApiAnswer> {
  return async ({ method, path, body }) => {
    if (!READS.has(method)) throw new NotForPages(`${method} ${path}`);
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url: `/api/${path}`,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { 'x-statewise-render': '1' },
    });
    if (res.statusCode === 401 || res.statusCode === 403) throw new NotForPages(`${method} ${path}: ${res.statusCode}`);
    let payload: ApiAnswer['payload'];
    try {
      payload = JSON.parse(res.body) as ApiAnswer['payload'];
    } catch {
      payload = {};
    }
    return { status: res.statusCode, payload };
  };
}
