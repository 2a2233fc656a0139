import { insertBefore } from '../../lib/html.ts';
import { absoluteUrl, escapeHtml } from '../share/serialize.ts';

/** What a page said about itself while it rendered (apps/web lib/page-head.tsx PageHead). */
export interface RenderedHead {
  title?: string;
  description?: string;
  keywords?: string[];
  canonical?: string;
  noindex?: boolean;
  jsonLd?: object[];
  status?: number;
  redirect?: string;
  image?: string;
  type?: string;
}

const SITE_TITLE = 'Statewise — shop wise, statewise';

/** JSON as a script element's text (structured data, a data block): `<` and the line separators escaped, so no text can end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The head tags of a rendered page: title, description, keywords, robots, canonical, Open Graph and its structured data. */
export function headTags(head: RenderedHead, publicUrl: string): string {
  const title = head.title ? `${head.title} | Statewise` : SITE_TITLE;
  const tags = [`<title>${escapeHtml(title)}</title>`];
  const name = (n: string, content: string) => tags.push(`<meta name="${n}" content="${escapeHtml(content)}">`);
  const prop = (p: string, content: string) => tags.push(`<meta property="${p}" content="${escapeHtml(content)}">`);
  if (head.description?.trim()) name('description', head.description.trim());
  const keywords = (head.keywords ?? []).map((k) => k.trim()).filter(Boolean);
  if (keywords.length) name('keywords', keywords.join(', '));
  if (head.noindex) name('robots', 'noindex');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(absoluteUrl(publicUrl, head.canonical))}">`);
  prop('og:site_name', 'Statewise');
  prop('og:locale', 'en_IN');
  prop('og:type', head.type ?? 'website');
  prop('og:title', head.title || SITE_TITLE);
  if (head.description?.trim()) prop('og:description', head.description.trim());
  if (head.canonical) prop('og:url', absoluteUrl(publicUrl, head.canonical));
  if (head.image) prop('og:image', absoluteUrl(publicUrl, head.image));
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}

/** Tags of index.html's own head that a page's tags replace. */
const REPLACED = [/<title>[\s\S]*?<\/title>\s*/i, /<meta\s+name="description"[^>]*>\s*/i];

/**
 * The page: index.html (the built scripts and styles) with the page's head tags in place of the site's defaults,
 * the app's HTML inside #root, and the answers it drew from in a data block the browser never runs.
 */
export function pageDocument(template: string, rendered: { html: string; data: string; head: RenderedHead }, publicUrl: string): string {
  let doc = template;
  for (const re of REPLACED) doc = doc.replace(re, '');
  doc = insertBefore(doc, '</head>', `  ${headTags(rendered.head, publicUrl)}\n  `);
  doc = doc.replace('<!--app-html-->', () => rendered.html);
  return insertBefore(doc, '</body>', `  <script type="application/json" id="sw-data">${rendered.data}</script>\n  `);
}

/**
 * A page for an address the app cannot even read (broken escapes, an address too long): the site's look, a sentence
 * and a way home, no script (the app would only trip over the same address).
 */
export function badAddressDocument(template: string): string {
  const body =
    '<main id="main" class="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">' +
    '<p class="font-display text-6xl text-brand-700">400</p>' +
    '<h1 class="mt-4 text-2xl font-semibold">This address is not valid</h1>' +
    '<p class="mt-2 text-ink-700">Please check the link, or start again from the home page.</p>' +
    '<a href="/" class="mt-8 rounded-full bg-brand-700 px-6 py-3 font-medium text-white">Back to home</a></main>';
  let doc = template.replace('<!--app-html-->', () => body);
  doc = doc.replace(/<script type="module"[^>]*><\/script>\s*/g, '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  return insertBefore(doc.replace(REPLACED[0]!, ''), '</head>', '  <title>Address not valid | Statewise</title>\n    <meta name="robots" content="noindex">\n  ');
}
