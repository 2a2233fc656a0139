import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** The site's own description; pages that set theirs put this back when they go. */
export const DEFAULT_DESCRIPTION =
  'Statewise: an Indian marketplace for ethnic and regional goods. Browse sarees, kurtas, handicrafts and more by category, style and state, straight from vendors across India.';
export const DEFAULT_TITLE = 'Statewise — shop wise, statewise';

/**
 * What a page says about itself to the document's head: its title, description and keywords, its canonical address,
 * whether search engines may index it, its structured data, and (server only) the HTTP status its address answers.
 */
export interface PageHead {
  /** "{title} | Statewise"; '' keeps the site's own */
  title?: string;
  description?: string;
  keywords?: string[];
  /** the canonical path ('/product/…'); the server makes it absolute */
  canonical?: string;
  noindex?: boolean;
  /** schema.org objects, each written as one JSON-LD script; given the site's address (PUBLIC_URL) on the server */
  jsonLd?: (origin: string) => object[];
  /** a picture for link previews (Open Graph) */
  image?: string;
  /** Open Graph's type: website (default), product, profile */
  type?: 'website' | 'product' | 'profile';
  /** the HTTP status the address answers (404 for a page that is not there) */
  status?: number;
  /** where this address has moved for good (a 301 on the server; the browser's own redirect stays the page's) */
  redirect?: string;
}

/**
 * Where a server render collects the page's head (entry-server.tsx); none in the browser. The server writes what was
 * collected into the HTML's <head> once the page is rendered: the head comes before the body, and React renders only
 * the body (the document around it is Vite's index.html, which carries the built scripts and styles).
 */
const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

/** The server's render: every page's head goes to `record` as it renders. */
export function PageHeadProvider({ record, children }: { record: (head: PageHead) => void; children: ReactNode }) {
  return <PageHeadContext.Provider value={record}>{children}</PageHeadContext.Provider>;
}

function setMeta(name: 'description' | 'keywords' | 'robots', content: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
  const tag = el;
  return () => {
    if (name === 'description') tag.content = DEFAULT_DESCRIPTION;
    else tag.remove();
  };
}

function setCanonical(href: string): () => void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = new URL(href, window.location.origin).href;
  const tag = el;
  return () => tag.remove();
}

/**
 * Declares the page's head while the screen is shown. On the server the values are recorded during the render (the
 * last page to speak wins a field); in the browser they are set on the document after it renders, and the site's
 * own title and description come back when the screen goes. Structured data and the status matter to crawlers and
 * the first answer only, so the browser leaves them.
 */
export function usePageHead(head: PageHead): void {
  useContext(PageHeadContext)?.(head);
  const title = head.title;
  const description = head.description?.trim() ?? '';
  const keywords = (head.keywords ?? []).map((k) => k.trim()).filter(Boolean).join(', ');
  const { canonical, noindex } = head;
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | Statewise` : DEFAULT_TITLE;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
  useEffect(() => {
    const undo: Array<() => void> = [];
    if (description) undo.push(setMeta('description', description));
    if (keywords) undo.push(setMeta('keywords', keywords));
    if (noindex) undo.push(setMeta('robots', 'noindex'));
    if (canonical) undo.push(setCanonical(canonical));
    return () => undo.reverse().forEach((u) => u());
  }, [description, keywords, noindex, canonical]);
}

/** Sets the tab title to "{title} | Statewise" while the screen is shown ('' keeps the default). */
export function usePageTitle(title: string): void {
  usePageHead({ title });
}

/** The page's meta description and keywords while the screen is shown; empty values leave the tags as they are. */
export function usePageMeta(meta: { description?: string; keywords?: string[] }): void {
  usePageHead(meta);
}
