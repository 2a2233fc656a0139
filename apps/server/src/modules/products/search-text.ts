/**
 * The words a product is found by (products.search_text, full-text indexed with the english config):
 * its name, meta keywords, colours and the names of its category, subcategory, style and state.
 * Whoever writes a product (seed, vendor console) stores this so search finds "kanjeevaram saree tamil nadu".
 */
export function buildSearchText(parts: {
  name: string;
  metaKeywords?: readonly string[];
  colors?: readonly string[];
  category?: string | null;
  subcategory?: string | null;
  style?: string | null;
  state?: string | null;
}): string {
  const words = [parts.name, ...(parts.metaKeywords ?? []), ...(parts.colors ?? []), parts.category, parts.subcategory, parts.style, parts.state];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words) {
    const t = w?.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.join(' ');
}
