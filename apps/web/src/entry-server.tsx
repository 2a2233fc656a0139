/**
 * The server's entry (built by `vite build --ssr`, loaded by apps/server modules/pages): renders one page of the app
 * to HTML with React's streaming renderer, its data asked of the server's own services through the transport the
 * server gives (lib/api.ts), and hands back the HTML, the answers the browser picks up (lib/ssr-data.ts) and what the
 * page said about itself (title, canonical address, structured data, status: lib/page-head.tsx).
 */
import { Writable } from 'node:stream';
import { QueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { App, queryDefaults } from './app/App.tsx';
import { setServerTransport, type ApiTransport } from './lib/api.ts';
import { setSanitizerWithoutDom } from './lib/sanitize-html.ts';
import { PageHeadProvider, type PageHead } from './lib/page-head.tsx';
import { packQueries } from './lib/ssr-data.ts';

export type { ApiTransport, PageHead };

/** A call the server does not answer while rendering: the page draws it as loading and the browser asks. */
export class NotOnServer extends Error {
  constructor(what: string) {
    super(`not answered while rendering: ${what}`);
    this.name = 'NotOnServer';
  }
}

/**
 * The render's query client. Every query the page runs suspends the render until its answer is in (React's server
 * renderer waits for suspended parts), so the HTML holds the page's data; a disabled query stays as it is, an
 * answered refusal is drawn as the page draws it (no retries on the server), and a call the server does not answer
 * here is left pending for the browser.
 */
const serverDefaults: DefaultOptions = { queries: { ...queryDefaults.queries, retry: false, gcTime: Infinity } };

function renderQueryClient(): { client: QueryClient; skipped: Set<string> } {
  const client = new QueryClient({ defaultOptions: serverDefaults });
  const skipped = new Set<string>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const d = defaults(options);
    const query = client.getQueryCache().get(d.queryHash);
    if (query?.state.error instanceof NotOnServer) {
      skipped.add(d.queryHash);
      query.reset();
    }
    const enabled = typeof d.enabled === 'function' ? (query ? (d.enabled as (q: unknown) => boolean)(query) : true) : d.enabled !== false;
    const settled = query?.state.status === 'error';
    (d as { suspense?: boolean }).suspense = enabled && !settled && !skipped.has(d.queryHash);
    return d;
  }) as QueryClient['defaultQueryOptions'];
  return { client, skipped };
}


/**
 * Called once by the server before its first render, with its API transport and its HTML sanitiser (rich text a
 * page shows is cleaned by the server's allow-list, as the browser cleans it with its own). A call the transport cannot make (it throws: the call needs a
 * signed-in person, or is no read) or that fails on the server's side (5xx) is not the page's answer: the page draws
 * it as loading and the browser asks for itself.
 */
export function configure(transport: ApiTransport, sanitizeHtml: (html: string) => string): void {
  setSanitizerWithoutDom(sanitizeHtml);
  setServerTransport(async (call) => {
    let answer: Awaited<ReturnType<ApiTransport>>;
    try {
      answer = await transport(call);
    } catch {
      throw new NotOnServer(`${call.method} ${call.path}`);
    }
    if (answer.status >= 500) throw new NotOnServer(`${call.method} ${call.path}: ${answer.status}`);
    return answer;
  });
}

/** What the page said about itself, its structured data made with the site's address. */
export type RenderedHead = Omit<PageHead, 'jsonLd'> & { jsonLd?: object[] };

export interface Rendered {
  /** the app's HTML, for inside #root */
  html: string;
  /** the answers, for the page's data block (already escaped for a <script type="application/json">) */
  data: string;
  head: RenderedHead;
  /** the calls the page made that the server did not answer (they load in the browser) */
  skipped: QueryKey[];
}

/**
 * Renders `url` (path and query). Resolves once every part of the page has rendered; rejects when the page cannot
 * be drawn at all, or after `timeoutMs`.
 */
export function render(url: string, opts: { origin: string; timeoutMs?: number; onError?: (err: unknown) => void }): Promise<Rendered> {
  const { client, skipped: skippedHashes } = renderQueryClient();
  const head: RenderedHead = {};
  // field by field, the last page to speak winning (the layout speaks before the screen inside it)
  const record = ({ jsonLd, ...said }: PageHead) => {
    for (const [key, value] of Object.entries(said)) if (value !== undefined && value !== '') (head as Record<string, unknown>)[key] = value;
    if (jsonLd) head.jsonLd = jsonLd(opts.origin);
  };
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  return new Promise<Rendered>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        const skipped = [...skippedHashes].map((hash) => client.getQueryCache().get(hash)?.queryKey ?? [hash]);
        resolve({ html: Buffer.concat(chunks).toString('utf8'), data: packQueries(client), head, skipped });
        client.clear();
        done();
      },
    });
    const stream = renderToPipeableStream(
      <PageHeadProvider record={record}>
        <App client={client} router={Router} />
      </PageHeadProvider>,
      {
        // The whole page at once: its data comes from this process in a few milliseconds, and the status (404 for
        // an unknown product), the head and the cache need the finished page before the first byte goes out.
        onAllReady: () => stream.pipe(sink),
        // every part in its place in the HTML (no part sent later to be moved in by a script): the page reads in
        // order without JavaScript, and the Content-Security-Policy allows no inline script
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: (err) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
        onError: (err) => opts.onError?.(err),
      },
    );
    const timer = setTimeout(() => {
      stream.abort(new Error('render timed out'));
      reject(new Error(`render of ${url} timed out`));
    }, opts.timeoutMs ?? 10_000);
  });
}
