import { isOwnPicture } from '@statewise/contract/media';

/**
 * An allow-list HTML sanitiser for server-supplied HTML (product descriptions, vendor policies, static pages),
 * used only through components/ui/SafeHtml. The input is parsed into an inert document (DOMParser runs no script
 * and loads no image), then a fresh tree is built from the allowed tags and attributes only, so what comes out is
 * exactly what the allow-list lets through: no script, style, iframe or form, no event handler, no `style`
 * attribute, no `javascript:` (or any other non-web) URL, and no picture but our own uploads (isOwnPicture: a picture
 * from another site would be a tracking pixel; the server applies the same rule before storing).
 */

/** Tags kept as they are. */
const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'div', 'span', 'section', 'article',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'code', 'pre', 'blockquote',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'a', 'img', 'figure', 'figcaption',
]);

/** Tags dropped together with everything inside them. Any other unknown tag is unwrapped (its text stays). */
const DROPPED_TAGS = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'form', 'input', 'button', 'select', 'textarea', 'option', 'link', 'meta', 'base', 'svg', 'math',
  'video', 'audio', 'source', 'track', 'canvas', 'head', 'title',
]);

const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start']),
  abbr: new Set(['title']),
};

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** A URL that may be followed or loaded: web, mail and phone links, or a path on this site. */
export function isSafeUrl(value: string, forImage = false): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so judge it without them.
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  if (compact.startsWith('//')) return false; // protocol-relative: another host under our page's scheme
  if (!/^[a-z][a-z0-9+.-]*:/i.test(compact)) return true; // relative (a path, a #fragment or a ?query)
  let protocol: string;
  try {
    protocol = new URL(compact).protocol;
  } catch {
    return false;
  }
  return forImage ? protocol === 'https:' || protocol === 'http:' : SAFE_PROTOCOLS.has(protocol);
}

function cleanChildren(from: Node, into: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      cleanChildren(el, into, doc);
      continue;
    }
    const out = doc.createElement(tag);
    const allowed = ALLOWED_ATTRIBUTES[tag];
    if (allowed) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (!allowed.has(name)) continue;
        if ((name === 'href' || name === 'src') && !isSafeUrl(attr.value, name === 'src')) continue;
        if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan' || name === 'start') && !/^\d{1,4}$/.test(attr.value.trim())) continue;
        out.setAttribute(name, attr.value);
      }
    }
    if (tag === 'a' && out.hasAttribute('href')) {
      const href = out.getAttribute('href')!;
      // Links that leave the site open in a new tab without handing it our window.
      if (/^https?:/i.test(href.trim())) {
        out.setAttribute('target', '_blank');
        out.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    if (tag === 'img') {
      if (!isOwnPicture(out.getAttribute('src'))) continue;
      out.setAttribute('loading', 'lazy');
      out.setAttribute('decoding', 'async');
      if (!out.hasAttribute('alt')) out.setAttribute('alt', '');
    }
    cleanChildren(el, out, doc);
    into.appendChild(out);
  }
}

/** The allowed part of `html`, as HTML. */
let withoutDom: ((html: string) => string) | null = null;

/**
 * Server rendering only (entry-server.tsx): where there is no DOMParser, the server's own allow-list sanitiser
 * (apps/server lib/sanitize.ts) cleans the HTML a server-rendered page shows; without one, nothing is shown.
 */
export function setSanitizerWithoutDom(sanitize: (html: string) => string): void {
  withoutDom = sanitize;
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return withoutDom ? withoutDom(html) : '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const container = doc.createElement('div');
  cleanChildren(doc.body, container, doc);
  return container.innerHTML;
}
