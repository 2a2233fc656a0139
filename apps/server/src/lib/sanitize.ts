import sanitizeHtml from 'sanitize-html';
import { isOwnPicture } from '@statewise/contract';

/**
 * The server's allow-list for HTML that people write and others read (static pages, later product descriptions
 * and posts). Applied before storing, so a stored row never holds a script, an event handler, a style attribute
 * or a non-web URL; the web app sanitises again when it renders (lib/sanitize-html.ts), so either one alone
 * keeps a page safe. The two lists match.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'section', 'article',
    'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'code', 'pre', 'blockquote',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
    'a', 'img', 'figure', 'figcaption',
  ],
  // Dropped with everything inside (sanitize-html's default list plus the other active-content tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // pictures from our own uploads only (no tracking pixels); no srcset or style is allowed on a picture, so its src
  // is the only address it loads
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnPicture(frame.attribs.src),
  // Links that leave the site open safely.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
    }),
  },
};
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel', 'target'] };

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
