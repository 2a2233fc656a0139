import { SIZES, type ProductCard, type ProductDetail, type Size, type Suggestion } from '@statewise/contract';

/** A card row of listing.ts CARD_SELECT (snake_case, references flattened). */
export type CardRow = {
  id: string;
  slug: string;
  name: string;
  images: string[] | null;
  price: number;
  offered_price: number;
  discount: number;
  is_free_size: boolean;
  is_color_options: boolean;
  vendor_id: string;
  is_trending: boolean;
  created_at: string;
  c_id: string | null;
  c_name: string | null;
  c_slug: string | null;
  sc_id: string | null;
  sc_name: string | null;
  sc_slug: string | null;
  st_id: string | null;
  st_name: string | null;
  st_slug: string | null;
  s_id: string | null;
  s_name: string | null;
  s_slug: string | null;
  in_stock: boolean;
  rating_count: number;
  rating_total: number;
};

/** The mean rating rounded to one decimal, half away from zero as PostgreSQL's round() (0 without reviews). */
export function meanRating(total: number, count: number): number {
  return count > 0 ? Math.round((total * 10) / count) / 10 : 0;
}

const ref = (id: string | null, name: string | null, slug: string | null) => (id ? { _id: id, name: name ?? '', slug: slug ?? '' } : null);

export function toProductCard(r: CardRow): ProductCard {
  return {
    _id: r.id,
    slug: r.slug,
    name: r.name,
    images: r.images ?? [],
    price: Number(r.price),
    offeredPrice: Number(r.offered_price),
    discount: Number(r.discount),
    isFreeSize: r.is_free_size,
    isColorOptions: r.is_color_options,
    inStock: Boolean(r.in_stock),
    categoryId: ref(r.c_id, r.c_name, r.c_slug),
    subcategoryId: r.sc_id ? { _id: r.sc_id, subcategoryName: r.sc_name ?? '', slug: r.sc_slug ?? '' } : null,
    styleId: ref(r.st_id, r.st_name, r.st_slug),
    stateId: ref(r.s_id, r.s_name, r.s_slug),
    vendorId: r.vendor_id,
    isTrending: r.is_trending,
    createdAt: r.created_at,
    rating: meanRating(Number(r.rating_total ?? 0), Number(r.rating_count ?? 0)),
    reviewsCount: Number(r.rating_count ?? 0),
  };
}

/** A detail row: a card row plus the detail columns and the stock lists as JSON. */
export type DetailRow = CardRow & {
  description: string;
  free_size_qty: number;
  meta_description: string;
  meta_keywords: string[] | null;
  sales_count: number;
  sizes: { size: Size; quantity: number }[] | string | null;
  colors: { _id: string; color: string; quantity: number; images: string[] | null }[] | string | null;
};

/** json columns come back parsed from both drivers; be lenient if one hands over text. */
function json<T>(v: T | string | null): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

export function toProductDetail(r: DetailRow): ProductDetail {
  const sizes = json(r.sizes) ?? [];
  const colors = json(r.colors) ?? [];
  return {
    ...toProductCard(r),
    description: r.description,
    freeSizeQty: Number(r.free_size_qty),
    // Chart order xs..xxxl whatever order the rows came in.
    sizeInventory: [...sizes].sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size)).map((s) => ({ size: s.size, quantity: Number(s.quantity) })),
    colorInventory: colors.map((c) => ({ _id: c._id, color: c.color, quantity: Number(c.quantity), images: c.images ?? [] })),
    metaDescription: r.meta_description,
    metaKeyword: r.meta_keywords ?? [],
    salesCount: Number(r.sales_count),
  };
}

export function toSuggestion(r: { id: string; name: string; slug: string; images: string[] | null }): Suggestion {
  return { _id: r.id, name: r.name, slug: r.slug, images: r.images ?? [] };
}
