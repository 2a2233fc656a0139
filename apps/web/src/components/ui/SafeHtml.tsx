import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

/** Readable defaults for paragraphs, lists, headings, links and tables inside server HTML. */
const PROSE =
  'text-sm leading-6 text-ink-700 break-words [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_b]:font-semibold [&_strong]:font-semibold [&_strong]:text-ink-900 ' +
  '[&_h1]:mt-4 [&_h1]:text-lg [&_h1]:font-semibold [&_h1]:text-ink-900 [&_h2]:mt-4 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-ink-900 [&_h3]:mt-3 [&_h3]:font-semibold [&_h3]:text-ink-900 ' +
  '[&_p]:mt-2 [&_p:first-child]:mt-0 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:mt-1 [&_blockquote]:border-l-4 [&_blockquote]:border-sand-100 [&_blockquote]:pl-3 ' +
  '[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_table]:mt-2 [&_table]:w-full [&_td]:border [&_td]:border-sand-100 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-sand-100 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left';

/**
 * The one way server-supplied HTML (product descriptions, vendor policies, static pages) reaches the screen:
 * sanitised through an allow-list first (lib/sanitize-html.ts), then rendered with readable prose styles.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`${PROSE} ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
