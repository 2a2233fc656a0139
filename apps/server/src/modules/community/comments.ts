import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_MSG, COMMUNITY_MSG, type CommunityComment, type CommunityOffer, type CommunityReply } from '@statewise/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { communityComments, communityPosts, tempProducts, users, vendors, type CommunityCommentRow, type CommunityOfferRow } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { authorColumns, loadProductTags, tagsOf, toAuthor, type AuthorCols, type ProductTagMap, type Viewer } from './serialize.ts';
import { feedChanged } from './feed-cache.ts';
import { livePost, visiblePost } from './service.ts';

type Ctx = { db: DbOrTx };

/** Digits or links (http(s):// or www.) in a vendor's comment (accounts §5: vendors may enter text only). */
const NOT_TEXT_ONLY = /\d|https?:\/\/|www\./i;

export function checkVendorText(viewer: NonNullable<Viewer>, text: string) {
  if (viewer.role === 'vendor' && NOT_TEXT_ONLY.test(text)) throw badRequest(COMMUNITY_MSG.commentTextOnly, { comment: COMMUNITY_MSG.commentTextOnly });
}

const replyTo = alias(users, 'reply_to');
const columns = { c: communityComments, ...authorColumns, replyToFirst: replyTo.firstname, replyToLast: replyTo.lastname };
type Row = { c: CommunityCommentRow; replyToFirst: string | null; replyToLast: string | null } & AuthorCols;

function selectComments(db: DbOrTx) {
  return db
    .select(columns)
    .from(communityComments)
    .innerJoin(users, eq(users.id, communityComments.authorId))
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .leftJoin(replyTo, eq(replyTo.id, communityComments.replyToId));
}

type TempOffer = { id: string; name: string; image: string; price: number; offeredPrice: number; vendorSlug: string | null; suspended: boolean };

/** The chat-made products among `ids` (one query), by id, with whether their store is suspended. */
async function loadTempOffers(db: DbOrTx, ids: string[]): Promise<Map<string, TempOffer>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: tempProducts.id,
      name: tempProducts.name,
      images: tempProducts.images,
      price: tempProducts.price,
      offeredPrice: tempProducts.offeredPrice,
      vendorSlug: vendors.slug,
      suspendedAt: vendors.suspendedAt,
    })
    .from(tempProducts)
    .leftJoin(vendors, eq(vendors.userId, tempProducts.vendorId))
    .where(inArray(tempProducts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, image: r.images[0] ?? '', price: r.price, offeredPrice: r.offeredPrice, vendorSlug: r.vendorSlug, suspended: !!r.suspendedAt }]));
}

function offerOf(offer: CommunityOfferRow | null, tags: ProductTagMap, temps: Map<string, TempOffer>): CommunityOffer | null {
  if (!offer) return null;
  if (offer.kind === 'temporary') {
    // a chat product gone (its vendor's account with it) or in a suspended store still shows, as unavailable
    const t = temps.get(offer.productId);
    const available = !!t && !t.suspended;
    return {
      kind: 'temporary',
      available,
      product: {
        id: offer.productId,
        _id: offer.productId,
        name: t?.name ?? '',
        slug: '',
        image: t?.image ?? '',
        price: t?.price ?? 0,
        offeredPrice: t?.offeredPrice ?? 0,
        inStock: available,
        vendorSlug: t?.vendorSlug ?? null,
        isFreeSize: false,
      },
    };
  }
  const p = tags.get(offer.productId);
  if (!p) return null;
  return {
    kind: 'product',
    available: true,
    product: { id: p.id, _id: p._id, name: p.name, slug: p.slug, image: p.image, price: p.price, offeredPrice: p.offeredPrice, inStock: p.inStock, vendorSlug: p.vendorSlug, isFreeSize: p.isFreeSize },
  };
}

const canEdit = (viewer: Viewer, c: CommunityCommentRow) => viewer?.id === c.authorId;
const canDelete = (viewer: Viewer, c: CommunityCommentRow) => viewer?.role === 'admin' || viewer?.id === c.authorId;

async function toComments(db: DbOrTx, rows: Row[], viewer: Viewer): Promise<CommunityComment[]> {
  const [tags, temps] = await Promise.all([
    loadProductTags(
      db,
      rows.flatMap((r) => [...r.c.productIds, ...(r.c.offer?.kind === 'product' ? [r.c.offer.productId] : [])]),
    ),
    loadTempOffers(
      db,
      rows.flatMap((r) => (r.c.offer?.kind === 'temporary' ? [r.c.offer.productId] : [])),
    ),
  ]);
  return rows.map((r) => ({
    _id: r.c.id,
    postId: r.c.postId,
    comment: r.c.body,
    createdAt: r.c.createdAt.toISOString(),
    updatedAt: r.c.updatedAt.toISOString(),
    userDetails: toAuthor(r),
    productDetails: tagsOf(r.c.productIds, tags),
    offer: offerOf(r.c.offer, tags, temps),
    furtherComments: r.c.repliesCount,
    hidden: r.c.hidden,
    canEdit: canEdit(viewer, r.c),
    canDelete: canDelete(viewer, r.c),
  }));
}

function toReply(r: Row, viewer: Viewer): CommunityReply {
  return {
    _id: r.c.id,
    commentId: r.c.commentId!,
    parentId: r.c.parentId,
    depth: r.c.parentId ? 2 : 1,
    comment: r.c.body,
    createdAt: r.c.createdAt.toISOString(),
    updatedAt: r.c.updatedAt.toISOString(),
    userDetails: toAuthor(r),
    replyTo: r.c.replyToId ? { _id: r.c.replyToId, firstname: r.replyToFirst ?? '', lastname: r.replyToLast ?? '' } : null,
    furtherComments: r.c.parentId ? 0 : r.c.repliesCount,
    hidden: r.c.hidden,
    canEdit: canEdit(viewer, r.c),
    canDelete: canDelete(viewer, r.c),
  };
}

/** Visible to the viewer: hidden comments only for admins and their author. */
const visibleTo = (viewer: Viewer) =>
  viewer?.role === 'admin'
    ? sql`${communityComments.deletedAt} is null`
    : viewer
      ? sql`${communityComments.deletedAt} is null and (${communityComments.hidden} = false or ${communityComments.authorId} = ${viewer.id})`
      : sql`${communityComments.deletedAt} is null and ${communityComments.hidden} = false`;

/** A post's comments, oldest first, 20 a page (a post has few enough comments that an offset is cheap). */
export async function listComments(ctx: Ctx, viewer: Viewer, postId: string, q: { page: number; pageSize: number }) {
  await visiblePost(ctx.db, viewer, postId);
  const where = and(eq(communityComments.postId, postId), isNull(communityComments.commentId), visibleTo(viewer));
  const [rows, [total]] = await Promise.all([
    selectComments(ctx.db)
      .where(where)
      .orderBy(asc(communityComments.createdAt), asc(communityComments.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(communityComments).where(where),
  ]);
  return { comments: await toComments(ctx.db, rows, viewer), total: total?.n ?? 0, page: q.page };
}

async function oneComment(ctx: Ctx, viewer: Viewer, id: string): Promise<CommunityComment> {
  const rows = await selectComments(ctx.db).where(eq(communityComments.id, id));
  const [out] = await toComments(ctx.db, rows, viewer);
  return out!;
}

async function oneReply(ctx: Ctx, viewer: Viewer, id: string): Promise<CommunityReply> {
  const [row] = await selectComments(ctx.db).where(eq(communityComments.id, id));
  return toReply(row!, viewer);
}

/** Tags: live products; a vendor tags only its own. */
async function checkTags(db: DbOrTx, viewer: NonNullable<Viewer>, productIds: readonly string[]) {
  const ids = [...new Set(productIds)];
  const tags = await loadProductTags(db, ids);
  for (const id of ids) {
    const p = tags.get(id);
    if (!p || (viewer.role === 'vendor' && p.vendorUserId !== viewer.id)) throw badRequest(COMMUNITY_MSG.productNotYours, { productId: COMMUNITY_MSG.productNotYours });
  }
  return ids;
}

interface OfferInput {
  offerProductId?: string | null;
  offerTempProductId?: string | null;
}

/**
 * The offer a write asks for, checked: undefined when it names none (an edit keeps the current one), null to remove
 * it. A vendor offers, on a user's buying query, one of its own live products or one of its own chat-made products
 * (someone else's: 403).
 */
async function checkOffer(db: DbOrTx, viewer: NonNullable<Viewer>, input: OfferInput, postKind: string): Promise<CommunityOfferRow | null | undefined> {
  const { offerProductId: productId, offerTempProductId: tempId } = input;
  if (productId === undefined && tempId === undefined) return undefined;
  if (productId && tempId) throw badRequest(COMMUNITY_MSG.offerOne, { offerTempProductId: COMMUNITY_MSG.offerOne });
  if (!productId && !tempId) return null;
  const field = productId ? 'offerProductId' : 'offerTempProductId';
  if (viewer.role !== 'vendor') throw forbidden(COMMUNITY_MSG.offerOnlyVendor);
  if (postKind !== 'query') throw badRequest(COMMUNITY_MSG.offerOnlyQuery, { [field]: COMMUNITY_MSG.offerOnlyQuery });
  if (productId) {
    const p = (await loadProductTags(db, [productId])).get(productId);
    if (!p || p.vendorUserId !== viewer.id) throw badRequest(COMMUNITY_MSG.productNotYours, { offerProductId: COMMUNITY_MSG.productNotYours });
    return { kind: 'product', productId };
  }
  const [t] = await db.select({ vendorId: tempProducts.vendorId }).from(tempProducts).where(eq(tempProducts.id, tempId!)).limit(1);
  if (!t) throw notFound(CHAT_MSG.tpNotFound);
  if (t.vendorId !== viewer.id) throw forbidden(COMMUNITY_MSG.tempProductNotYours);
  return { kind: 'temporary', productId: tempId! };
}

/** POST community/post/comments/{postId}: any signed-in person comments; the post's count moves with it. */
export async function addComment(ctx: Ctx, viewer: NonNullable<Viewer>, postId: string, body: { comment: string; productId: string[] } & OfferInput) {
  const post = await visiblePost(ctx.db, viewer, postId);
  checkVendorText(viewer, body.comment);
  const productIds = await checkTags(ctx.db, viewer, body.productId);
  const offer = (await checkOffer(ctx.db, viewer, body, post.kind)) ?? null;
  const id = await transaction(ctx.db as Db, async (tx) => {
    const [row] = await tx
      .insert(communityComments)
      .values({ postId, authorId: viewer.id, body: body.comment, productIds, offer })
      .returning({ id: communityComments.id });
    await tx
      .update(communityPosts)
      .set({ commentsCount: sql`${communityPosts.commentsCount} + 1` })
      .where(eq(communityPosts.id, postId));
    return row!.id;
  }).finally(feedChanged);
  return oneComment(ctx, viewer, id);
}

/** A live top-level comment of the post, 404 otherwise. */
async function liveComment(db: DbOrTx, postId: string, commentId: string) {
  const [c] = await db
    .select()
    .from(communityComments)
    .where(and(eq(communityComments.id, commentId), eq(communityComments.postId, postId), isNull(communityComments.commentId), isNull(communityComments.deletedAt)));
  if (!c) throw notFound(COMMUNITY_MSG.commentNotFound);
  return c;
}

/** A live reply of the comment, 404 otherwise. */
async function liveReply(db: DbOrTx, commentId: string, replyId: string) {
  const [c] = await db
    .select()
    .from(communityComments)
    .where(and(eq(communityComments.id, replyId), eq(communityComments.commentId, commentId), isNull(communityComments.deletedAt)));
  if (!c) throw notFound(COMMUNITY_MSG.commentNotFound);
  return c;
}

/** PATCH community/post/comments/{postId}: the author edits the text, tags and offer. */
export async function editComment(
  ctx: Ctx,
  viewer: NonNullable<Viewer>,
  postId: string,
  body: { comment: string; commentId: string; productId: string[] } & OfferInput,
) {
  const post = await livePost(ctx.db, postId);
  const c = await liveComment(ctx.db, postId, body.commentId);
  if (c.authorId !== viewer.id) throw forbidden(COMMUNITY_MSG.notAuthor);
  checkVendorText(viewer, body.comment);
  const productIds = await checkTags(ctx.db, viewer, body.productId);
  const asked = await checkOffer(ctx.db, viewer, body, post.kind);
  const offer = asked === undefined ? c.offer : asked;
  await ctx.db.update(communityComments).set({ body: body.comment, productIds, offer, updatedAt: new Date() }).where(eq(communityComments.id, c.id));
  return oneComment(ctx, viewer, c.id);
}

/** Removes a comment or reply and what hangs under it, and takes them off the post's and parent's counts. */
export async function removeThreadIn(tx: Tx, target: CommunityCommentRow) {
  const now = new Date();
  // A comment takes all its replies; a first-level reply its second-level ones; a second-level reply itself only.
  const under = target.parentId
    ? []
    : await tx
        .update(communityComments)
        .set({ deletedAt: now })
        .where(and(target.commentId ? eq(communityComments.parentId, target.id) : eq(communityComments.commentId, target.id), isNull(communityComments.deletedAt)))
        .returning({ id: communityComments.id });
  await tx.update(communityComments).set({ deletedAt: now }).where(eq(communityComments.id, target.id));
  await tx
    .update(communityPosts)
    .set({ commentsCount: sql`greatest(${communityPosts.commentsCount} - ${1 + under.length}, 0)` })
    .where(eq(communityPosts.id, target.postId));
  const parent = target.parentId ?? target.commentId;
  if (parent)
    await tx
      .update(communityComments)
      .set({ repliesCount: sql`greatest(${communityComments.repliesCount} - 1, 0)` })
      .where(eq(communityComments.id, parent));
}

async function removeThread(db: Db, viewer: NonNullable<Viewer>, target: CommunityCommentRow) {
  await transaction(db, async (tx) => {
    await removeThreadIn(tx, target);
    if (viewer.role === 'admin' && viewer.id !== target.authorId)
      await recordAudit(tx, { actorId: viewer.id, action: 'delete', entity: target.commentId ? 'community_reply' : 'community_comment', entityId: target.id, detail: { postId: target.postId, authorId: target.authorId } });
  }).finally(feedChanged);
}

/** PATCH community/post/deleteComment/{postId}: the author or an admin. */
export async function deleteComment(ctx: Ctx, viewer: NonNullable<Viewer>, postId: string, commentId: string) {
  await livePost(ctx.db, postId);
  const c = await liveComment(ctx.db, postId, commentId);
  if (viewer.role !== 'admin' && c.authorId !== viewer.id) throw forbidden(COMMUNITY_MSG.notAuthor);
  await removeThread(ctx.db as Db, viewer, c);
  return { _id: c.id };
}

/**
 * POST community/post/nestedComment/{postId}: any signed-in person replies to a comment, or (parentId) to a reply.
 * Two levels: a reply to a second-level reply joins that thread, answering its author (replyTo).
 */
export async function addReply(ctx: Ctx, viewer: NonNullable<Viewer>, postId: string, body: { comment: string; commentId: string; parentId?: string }) {
  await visiblePost(ctx.db, viewer, postId);
  const c = await liveComment(ctx.db, postId, body.commentId);
  checkVendorText(viewer, body.comment);
  let parentId: string | null = null;
  let replyToId: string | null = null;
  if (body.parentId) {
    const parent = await liveReply(ctx.db, c.id, body.parentId);
    parentId = parent.parentId ?? parent.id;
    replyToId = parent.authorId;
  }
  const id = await transaction(ctx.db as Db, async (tx) => {
    const [row] = await tx.insert(communityComments).values({ postId, commentId: c.id, parentId, replyToId, authorId: viewer.id, body: body.comment }).returning({ id: communityComments.id });
    await tx
      .update(communityComments)
      .set({ repliesCount: sql`${communityComments.repliesCount} + 1` })
      .where(eq(communityComments.id, parentId ?? c.id));
    await tx
      .update(communityPosts)
      .set({ commentsCount: sql`${communityPosts.commentsCount} + 1` })
      .where(eq(communityPosts.id, postId));
    return row!.id;
  }).finally(feedChanged);
  return oneReply(ctx, viewer, id);
}

/** POST community/post/nestedComment/all/{postId}: a comment's first-level replies, or (parentId) a reply's. */
export async function listReplies(ctx: Ctx, viewer: Viewer, postId: string, q: { commentId: string; parentId?: string; page: number; pageSize: number }) {
  await visiblePost(ctx.db, viewer, postId);
  const c = await liveComment(ctx.db, postId, q.commentId);
  if (q.parentId) await liveReply(ctx.db, c.id, q.parentId);
  const where = and(
    eq(communityComments.commentId, c.id),
    q.parentId ? eq(communityComments.parentId, q.parentId) : isNull(communityComments.parentId),
    visibleTo(viewer),
  );
  const [rows, [total]] = await Promise.all([
    selectComments(ctx.db)
      .where(where)
      .orderBy(asc(communityComments.createdAt), asc(communityComments.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(communityComments).where(where),
  ]);
  return { replies: rows.map((r) => toReply(r, viewer)), total: total?.n ?? 0, page: q.page };
}

/** PATCH community/post/editNestedComment/{postId}: the reply's author. */
export async function editReply(ctx: Ctx, viewer: NonNullable<Viewer>, postId: string, body: { comment: string; commentId: string; nestedCommentId: string }) {
  await livePost(ctx.db, postId);
  const c = await liveComment(ctx.db, postId, body.commentId);
  const r = await liveReply(ctx.db, c.id, body.nestedCommentId);
  if (r.authorId !== viewer.id) throw forbidden(COMMUNITY_MSG.notAuthor);
  checkVendorText(viewer, body.comment);
  await ctx.db.update(communityComments).set({ body: body.comment, updatedAt: new Date() }).where(eq(communityComments.id, r.id));
  return oneReply(ctx, viewer, r.id);
}

/** PATCH community/post/deleteNestedComment/{postId}: the reply's author or an admin. */
export async function deleteReply(ctx: Ctx, viewer: NonNullable<Viewer>, postId: string, body: { commentId: string; nestedCommentId: string }) {
  await livePost(ctx.db, postId);
  const c = await liveComment(ctx.db, postId, body.commentId);
  const r = await liveReply(ctx.db, c.id, body.nestedCommentId);
  if (viewer.role !== 'admin' && r.authorId !== viewer.id) throw forbidden(COMMUNITY_MSG.notAuthor);
  await removeThread(ctx.db as Db, viewer, r);
  return { _id: r.id };
}

/** Comments by id (moderation's inbox shows what was reported). */
export async function commentsByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(communityComments).where(inArray(communityComments.id, ids));
}
