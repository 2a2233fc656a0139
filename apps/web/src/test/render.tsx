import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { AppLinkProvider } from '../components/AppLink.tsx';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { KEYS, storage } from '../lib/storage.ts';

/** The address the app is at, for assertions: `location.current`. */
export interface LocationProbe {
  current: string;
}

function Probe({ onChange }: { onChange: (url: string) => void }) {
  const l = useLocation();
  useEffect(() => onChange(l.pathname + l.search), [l, onChange]);
  return null;
}

/**
 * Renders a screen inside a router (at `url`, matched against `path`) and a fresh query client, the way the app
 * mounts it. Returns the testing-library result and a probe of the current address.
 */
export function renderAt(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const client = testQueryClient({ staleTime: Infinity });
  const location: LocationProbe = { current: url };
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AppLinkProvider>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        </AppLinkProvider>
        <Probe
          onChange={(url) => {
            location.current = url;
          }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, location, client };
}

/** A query client for tests: no retries. */
export function testQueryClient(queries: { staleTime?: number } = {}) {
  return new QueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
}

/** Renders a hook inside a fresh query client (no router). */
export function renderHookWithQuery<T>(hook: () => T) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { ...renderHook(hook, { wrapper }), client };
}

/** A signed-in session in storage, as the app keeps it after a login. */
export function signInForTest(role: 'user' | 'vendor' | 'admin' = 'user', userId = 'u1') {
  storage.set(KEYS.accessToken, 'token');
  storage.set(KEYS.userID, userId);
  storage.set(KEYS.role, role);
}

type Handler = (body: unknown, url: string) => unknown;

/** A route answer that is not `{success: true, data}`: this status and body as they are (a refusal, India Post's shape). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown) => new Reply(status, body);

/**
 * Answers the app's API calls from a table of `path → data` (or a function of the request body), wrapped in the
 * API envelope — or `reply(status, body)` for an answer as it is; anything else is a 404. Returns the mock, whose
 * calls record `[url, init]` (see `apiCalls`).
 */
export function mockApi(routes: Record<string, unknown | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^\/api\//, '').split('?')[0]!;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (!(path in routes)) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
    const route = routes[path];
    const data = typeof route === 'function' ? (route as Handler)(body, url) : route;
    if (data instanceof Reply) return new Response(JSON.stringify(data.body), { status: data.status, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls a mockApi mock received: method, path and JSON body. */
export function apiCalls(fetchMock: ReturnType<typeof mockApi>): Array<{ method: string; path: string; body: unknown }> {
  return fetchMock.mock.calls.map(([input, init]) => ({
    method: init?.method ?? 'GET',
    path: String(input).replace(/^\/api\//, '').split('?')[0]!,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));
}
