import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { vendorBySlug } from '../vendors/service.ts';

/** What a shared link's preview shows (Open Graph, Twitter card, title and meta tags). */
export interface PageMeta {
  title: string;
  description: string;
  keywords: string[];
  /** Path on this site, e.g. /product/banarasi-silk-saree. */
  path: string;
  /** A picture path (/media/…) or absolute URL; none when the product or store has no picture. */
  image: string | null;
  imageAlt: string;
  type: 'product' | 'profile';
  /** Offered price in whole rupees (products). */
  price?: number;
}

export const SITE_NAME = 'Statewise';
const DESCRIPTION_MAX = 160;

/** Plain text of stored HTML (already sanitised when stored): tags dropped, common entities decoded, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most 160 characters, cut at a word with an ellipsis. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const unique = (words: (string | null | undefined)[]) => {
  const seen = new Set<string>();
  return words
    .map((w) => w?.trim() ?? '')
    .filter((w) => w && !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()));
};

/** A product page's preview: its meta description (else its description), keywords, first picture and price. */
export async function productMeta(db: Db, slug: string): Promise<PageMeta | null> {
  const res = await db.execute<{
    slug: string;
    name: string;
    description: string;
    meta_description: string;
    meta_keywords: string[] | null;
    images: string[] | null;
    offered_price: number;
    category: string | null;
    subcategory: string | null;
    brand: string | null;
  }>(sql`select p.slug, p.name, p.description, p.meta_description, p.meta_keywords, p.images, p.offered_price,
      c.name as category, sc.name as subcategory, nullif(coalesce(nullif(v.brand_name, ''), v.seller_name), '') as brand
    from products p
    left join categories c on c.id = p.category_id
    left join subcategories sc on sc.id = p.subcategory_id
    left join vendors v on v.user_id = p.vendor_id and v.registration_step = 2
    where p.slug = ${slug} and p.is_active`);
  const p = res.rows[0];
  if (!p) return null;
  const about = plainText(p.meta_description) || plainText(p.description) || `${p.name}${p.brand ? ` by ${p.brand}` : ''} on ${SITE_NAME}`;
  return {
    title: `${p.name} | ${SITE_NAME}`,
    description: clip(about),
    keywords: unique([...(p.meta_keywords ?? []), p.subcategory, p.category, p.brand]),
    path: `/product/${encodeURIComponent(p.slug)}`,
    image: p.images?.[0] ?? null,
    imageAlt: p.name,
    type: 'product',
    price: Number(p.offered_price),
  };
}

/** A vendor store's preview: brand, bio, banner (else avatar). Unknown or unapproved stores have none. */
export async function storeMeta(db: Db, vendorSlug: string): Promise<PageMeta | null> {
  let v;
  try {
    v = await vendorBySlug(db, vendorSlug);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
  const name = v.brandName || v.sellerName;
  const place = [v.place, v.state].filter(Boolean).join(', ');
  const about = plainText(v.bio) || `Shop ${name}${place ? ` from ${place}` : ''} on ${SITE_NAME}.`;
  return {
    title: `${name} | ${SITE_NAME}`,
    description: clip(about),
    keywords: unique([v.brandName, v.sellerName, v.place, v.state, SITE_NAME]),
    path: `/store/${encodeURIComponent(v.vendorSlug)}`,
    image: v.banner || v.avatar || null,
    imageAlt: name,
    type: 'profile',
  };
}
