import { useEffect } from 'react';

/** The site's own description (index.html); pages that set theirs put this back when they go. */
export const DEFAULT_DESCRIPTION =
  'Statewise: an Indian marketplace for ethnic and regional goods. Browse sarees, kurtas, handicrafts and more by category, style and state, straight from vendors across India.';

/**
 * Sets `<meta name="…" content="…">`, creating the tag when missing; returns how to restore the site's own
 * value (the default description, no keywords). Not "what was there before": a page opened by a shared link
 * arrives with that product's tags already in the HTML (server-rendered previews), which must not outlive it.
 */
function setMeta(name: 'description' | 'keywords', content: string): () => void {
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

/**
 * The page's meta description and keywords while the screen is shown (a product's metaDescription and
 * metaKeyword); the site's own come back when it goes. Empty values leave the tags as they are.
 */
export function usePageMeta(meta: { description?: string; keywords?: string[] }): void {
  const description = meta.description?.trim() ?? '';
  const keywords = (meta.keywords ?? []).map((k) => k.trim()).filter(Boolean).join(', ');
  useEffect(() => {
    const undo: Array<() => void> = [];
    if (description) undo.push(setMeta('description', description));
    if (keywords) undo.push(setMeta('keywords', keywords));
    return () => undo.reverse().forEach((u) => u());
  }, [description, keywords]);
}
