import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CommunityAuthor, CommunityPost, CommunityProductTag, Role } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { communityPosts, products, users, vendors, type CommunityPostRow } from '../../db/schema/index.ts';

/** The caller as the community sees it: null for a guest. */
export type Viewer = { id: string; role: Role } | null;

/** Columns of a post's or comment's author (a vendor's store too), for a select with the joins of `withAuthor`. */
export const authorColumns = {
  authorId: users.id,
  authorFirst: users.firstname,
  authorLast: users.lastname,
  authorPicture: users.picture,
  authorRole: users.role,
  vendorId: vendors.id,
  vendorSlug: vendors.slug,
  vendorBrand: vendors.brandName,
};
export type AuthorCols = { [K in keyof typeof authorColumns]: (typeof authorColumns)[K]['_']['data'] | null };

export function toAuthor(r: AuthorCols): CommunityAuthor {
  const isVendor = r.authorRole === 'vendor';
  return {
    _id: r.authorId ?? '',
    firstname: r.authorFirst ?? '',
    lastname: r.authorLast ?? '',
    picture: r.authorPicture ?? '',
    role: r.authorRole ?? 'user',
    vendorId: isVendor ? (r.vendorId ?? null) : null,
    vendorSlug: isVendor ? (r.vendorSlug ?? null) : null,
    brandName: isVendor ? (r.vendorBrand ?? null) : null,
  };
}

export const postColumns = { post: communityPosts, ...authorColumns };
export type PostWithAuthor = { post: CommunityPostRow } & AuthorCols;

export type ProductTagMap = Map<string, CommunityProductTag & { vendorUserId: string; vendorSlug: string | null; isFreeSize: boolean }>;

/** The live products among `ids` (one query), by id. Deleted or withdrawn products are left out of tags. */
export async function loadProductTags(db: DbOrTx, ids: Iterable<string>): Promise<ProductTagMap> {
  const list = [...new Set(ids)];
  const out: ProductTagMap = new Map();
  if (!list.length) return out;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      images: products.images,
      price: products.price,
      offeredPrice: products.offeredPrice,
      inStock: products.inStock,
      isFreeSize: products.isFreeSize,
      vendorUserId: products.vendorId,
      vendorSlug: vendors.slug,
    })
    .from(products)
    .leftJoin(vendors, eq(vendors.userId, products.vendorId))
    .where(and(inArray(products.id, list), eq(products.isActive, true), isNull(products.deletedAt)));
  for (const p of rows)
    out.set(p.id, {
      id: p.id,
      _id: p.id,
      name: p.name,
      slug: p.slug,
      image: p.images[0] ?? '',
      price: p.price,
      offeredPrice: p.offeredPrice,
      inStock: p.inStock,
      isFreeSize: p.isFreeSize,
      vendorUserId: p.vendorUserId,
      vendorSlug: p.vendorSlug,
    });
  return out;
}

export function tagsOf(ids: readonly string[], map: ProductTagMap): CommunityProductTag[] {
  const out: CommunityProductTag[] = [];
  for (const id of ids) {
    const p = map.get(id);
    if (p) out.push({ id: p.id, _id: p._id, name: p.name, slug: p.slug, image: p.image, price: p.price, offeredPrice: p.offeredPrice, inStock: p.inStock });
  }
  return out;
}

export function productIdsOfPosts(rows: readonly { post: CommunityPostRow }[]): string[] {
  return rows.flatMap((r) => r.post.sections.flatMap((s) => s.productIds));
}

/** What leaves the server for a post, in the spec's names (accounts §3, Community post). */
export function toPost(r: PostWithAuthor, tags: ProductTagMap, liked: boolean, viewer: Viewer): CommunityPost {
  const p = r.post;
  const mine = viewer?.id === p.authorId;
  const isAdmin = viewer?.role === 'admin';
  const video = p.kind === 'video' && p.videoUrl;
  return {
    _id: p.id,
    kind: p.kind,
    description: p.description,
    image: p.image,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    pinned: p.pinned,
    isLiked: liked,
    NumberOfLikes: p.likesCount,
    commentsCount: p.commentsCount,
    userId: toAuthor(r),
    postedByAdmin: p.kind === 'admin',
    productImages: video ? [] : p.sections.map((s) => ({ image: s.image, productsMapped: tagsOf(s.productIds, tags) })),
    productVideos: video
      ? [{ video: p.videoUrl!, poster: p.videoPoster, status: p.videoState ?? 'processing', productsMapped: tagsOf(p.sections[0]?.productIds ?? [], tags) }]
      : [],
    hidden: p.hidden,
    canEdit: isAdmin || (mine && p.kind !== 'admin'),
    canDelete: isAdmin || mine,
  };
}
