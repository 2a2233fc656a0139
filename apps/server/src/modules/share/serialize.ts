import { SITE_NAME, type PageMeta } from './service.ts';

/** Text safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An absolute URL for a path on this site (link previews need absolute addresses). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The head tags of a shared page: title, description, keywords, canonical, Open Graph and Twitter card. */
export function metaTags(meta: PageMeta, publicUrl: string): string {
  const url = absoluteUrl(publicUrl, meta.path);
  const image = meta.image ? absoluteUrl(publicUrl, meta.image) : null;
  const name = (n: string, content: string) => `<meta name="${n}" content="${escapeHtml(content)}" />`;
  const prop = (p: string, content: string) => `<meta property="${p}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    name('description', meta.description),
    ...(meta.keywords.length ? [name('keywords', meta.keywords.join(', '))] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    prop('og:site_name', SITE_NAME),
    prop('og:locale', 'en_IN'),
    prop('og:type', meta.type),
    prop('og:title', meta.title),
    prop('og:description', meta.description),
    prop('og:url', url),
    ...(image ? [prop('og:image', image), prop('og:image:alt', meta.imageAlt)] : []),
    ...(meta.price !== undefined ? [prop('product:price:amount', String(meta.price)), prop('product:price:currency', 'INR')] : []),
    name('twitter:card', image ? 'summary_large_image' : 'summary'),
    name('twitter:title', meta.title),
    name('twitter:description', meta.description),
    ...(image ? [name('twitter:image', image), name('twitter:image:alt', meta.imageAlt)] : []),
  ];
  return tags.join('\n    ');
}

/** Tags of the app's default head that a page's own tags replace. */
const REPLACED = [
  /<title>[\s\S]*?<\/title>\s*/i,
  /<meta\s+name="(description|keywords|twitter:[^"]*)"[^>]*>\s*/gi,
  /<meta\s+property="(og|product):[^"]*"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

/** The app's HTML with the page's head tags in place of the defaults (unchanged when it has no head). */
export function withMeta(html: string, meta: PageMeta, publicUrl: string): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) return html;
  let head = html.slice(0, end);
  for (const re of REPLACED) head = head.replace(re, '');
  return `${head.trimEnd()}\n    ${metaTags(meta, publicUrl)}\n  ${html.slice(end)}`;
}
