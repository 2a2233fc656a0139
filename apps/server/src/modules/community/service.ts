import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { COMMUNITY, COMMUNITY_MSG, type CommunityFeed, type CommunityPost, type CommunitySection, communitySection } from '@statewise/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { communityLikes, communityPosts, products, users, vendors, type CommunitySectionRow } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { deleteUpload, storeImages, type UploadedFile } from '../media/uploads.ts';
import { deleteVideo, storeVideo, videoStates } from '../media/videos.ts';
import { offerCommunityVideo } from '../videos/service.ts';
import { CachedFeed, cachedPage, feedChanged, memberPage } from './feed-cache.ts';
import { TRUSTED_LIKE_AGE } from './standing.ts';
import { loadProductTags, postColumns, productIdsOfPosts, toPost, type PostWithAuthor, type Viewer } from './serialize.ts';

type Ctx = Pick<AppContext, 'db' | 'storage'>;

const FOLDER = 'community';

// ---------------------------------------------------------------------------------------------------------------
// Feed: keyset paging on (pinned, created_at, id), all descending (ADR 026). Never OFFSET.

interface Cursor {
  pinned: boolean;
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(c: { pinned: boolean; createdAt: Date; id: string }): string {
  return Buffer.from(`${c.pinned ? 1 : 0}|${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  const bad = () => badRequest('Invalid cursor', { cursor: 'Please send the nextCursor of the previous page' });
  let text: string;
  try {
    text = Buffer.from(raw, 'base64url').toString('utf8');
  } catch {
    throw bad();
  }
  const [p, at, id] = text.split('|');
  if ((p !== '0' && p !== '1') || !at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at)) || !/^\d{4}-\d\d-\d\dT/.test(at)) throw bad();
  return { pinned: p === '1', createdAt: new Date(at).toISOString(), id };
}

/** The base select of posts with their author (and the author's store). */
function selectPosts(db: DbOrTx) {
  return db.select(postColumns).from(communityPosts).innerJoin(users, eq(users.id, communityPosts.authorId)).leftJoin(vendors, eq(vendors.userId, users.id));
}

/** Serializes rows with their tags and the viewer's likes: two more queries, whatever the page size. */
async function hydrate(db: DbOrTx, rows: PostWithAuthor[], viewer: Viewer): Promise<CommunityPost[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.post.id);
  const [tags, videos, liked] = await Promise.all([
    loadProductTags(db, productIdsOfPosts(rows)),
    videoStates(db, rows.flatMap((r) => (r.post.videoUrl ? [r.post.videoUrl] : []))),
    viewer
      ? db
          .select({ postId: communityLikes.postId })
          .from(communityLikes)
          .where(and(eq(communityLikes.userId, viewer.id), inArray(communityLikes.postId, ids)))
      : Promise.resolve([] as { postId: string }[]),
  ]);
  const likedSet = new Set(liked.map((l) => l.postId));
  return rows.map((r) => {
    const job = r.post.videoUrl ? videos.get(r.post.videoUrl) : undefined;
    const post = job ? { ...r.post, videoPoster: job.posterUrl, videoState: STATE_OF_JOB[job.state] } : r.post;
    return toPost({ ...r, post }, tags, likedSet.has(r.post.id), viewer);
  });
}

/** One page straight from the database: the posts after the cursor with their authors, tags and the viewer's likes. */
async function loadPage(db: DbOrTx, viewer: Viewer, pageSize: number, c: Cursor | null): Promise<Omit<CommunityFeed, 'page'>> {
  const admin = viewer?.role === 'admin';
  // Literal predicates (not parameters) so the planner matches the partial feed index.
  const visible = admin ? sql`${communityPosts.deletedAt} is null` : sql`${communityPosts.deletedAt} is null and ${communityPosts.hidden} = false`;
  // Posts of a deleted account leave the feed with it.
  const authorLive = isNull(users.deletedAt);
  const after = c
    ? sql`(${communityPosts.pinned}, ${communityPosts.createdAt}, ${communityPosts.id}) < (${sql.raw(c.pinned ? 'true' : 'false')}, ${c.createdAt}::timestamptz, ${c.id}::uuid)`
    : undefined;
  const rows = await selectPosts(db)
    .where(and(visible, authorLive, after))
    .orderBy(desc(communityPosts.pinned), desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1)?.post;
  return { posts: await hydrate(db, page, viewer), hasMore: more, nextCursor: more && last ? encodeCursor(last) : null };
}

function feedCursor(q: { page: number; cursor?: string | null }): Cursor | null {
  if (q.page > 1 && !q.cursor) throw badRequest('Please send the cursor of the previous page', { cursor: 'Please send the nextCursor of the previous page' });
  return q.cursor ? decodeCursor(q.cursor) : null;
}

/** A page as a guest sees it, from the feed cache (feed-cache.ts): no query on a hit. */
export async function guestFeed(db: DbOrTx, q: { pageSize: number; page: number; cursor?: string | null }): Promise<CachedFeed> {
  const c = feedCursor(q);
  return cachedPage(`${q.pageSize}|${q.page}|${q.cursor ?? ''}`, async () => ({ ...(await loadPage(db, null, q.pageSize, c)), page: q.page }));
}

/**
 * One page of the feed: pinned posts first, then newest first. Page 1 needs no cursor; a later page must send the
 * previous page's nextCursor. Hidden posts (moderation) are left out except for admins, who read the database
 * directly. Members get the guest page from the feed cache and their likes among its posts read afresh (one query).
 */
export async function feed(db: DbOrTx, viewer: Viewer, q: { pageSize: number; page: number; cursor?: string | null }): Promise<CommunityFeed> {
  return (await feedPage(db, viewer, q)).data;
}

/** The feed page as `feed` describes it, with its JSON text (and compressed forms) for the route to send. */
export async function feedPage(db: DbOrTx, viewer: Viewer, q: { pageSize: number; page: number; cursor?: string | null }): Promise<CachedFeed> {
  if (viewer?.role === 'admin') return new CachedFeed({ ...(await loadPage(db, viewer, q.pageSize, feedCursor(q))), page: q.page });
  const base = await guestFeed(db, q);
  if (!viewer || !base.data.posts.length) return base;
  return memberPage(`${viewer.id}|${q.pageSize}|${q.page}|${q.cursor ?? ''}`, base, async () => {
    const posts = base.data.posts;
    // Plain SQL (not the query builder): building the query cost more than running it.
    const ids = sql.join(
      posts.map((p) => sql`${p._id}::uuid`),
      sql`, `,
    );
    const liked = await db.execute<{ post_id: string }>(sql`select post_id from community_likes where user_id = ${viewer.id}::uuid and post_id in (${ids})`);
    const likedSet = new Set(liked.rows.map((l) => l.post_id));
    return {
      ...base.data,
      posts: posts.map((p) => {
        const mine = viewer.id === p.userId._id;
        return { ...p, isLiked: likedSet.has(p._id), canEdit: mine && p.kind !== 'admin', canDelete: mine };
      }),
    };
  });
}

/** A post as its details screen reads it; 404 when deleted, or hidden from anyone but an admin or its author. */
export async function postDetails(db: DbOrTx, viewer: Viewer, id: string): Promise<CommunityPost> {
  const [row] = await selectPosts(db).where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)));
  if (!row || (row.post.hidden && viewer?.role !== 'admin' && viewer?.id !== row.post.authorId)) throw notFound(COMMUNITY_MSG.postNotFound);
  const [post] = await hydrate(db, [row], viewer);
  return post!;
}

/** The post row for a change, 404 when missing or deleted. */
export async function livePost(db: DbOrTx, id: string) {
  const [row] = await db.select().from(communityPosts).where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)));
  if (!row) throw notFound(COMMUNITY_MSG.postNotFound);
  return row;
}

/** A post the viewer may see (not deleted; hidden ones for admins and the author only). */
export async function visiblePost(db: DbOrTx, viewer: Viewer, id: string) {
  const row = await livePost(db, id);
  if (row.hidden && viewer?.role !== 'admin' && viewer?.id !== row.authorId) throw notFound(COMMUNITY_MSG.postNotFound);
  return row;
}

/**
 * Trending: among the 200 newest visible posts, the most liked and discussed (comments count double). Only likes by
 * accounts that were at least TRUSTED_LIKE_AGE old when they liked and have a verified contact count here (ADR 047):
 * a like from a fresh account is kept and shown in the post's count, but cannot lift the post. Counted from the
 * likes table per candidate post (its post index), so nothing has to be kept in step.
 */
export async function trending(db: DbOrTx, viewer: Viewer, limit: number): Promise<CommunityPost[]> {
  const recent = db
    .select({ id: communityPosts.id, comments: communityPosts.commentsCount, createdAt: communityPosts.createdAt })
    .from(communityPosts)
    .where(sql`${communityPosts.deletedAt} is null and ${communityPosts.hidden} = false`)
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(200)
    .as('recent');
  // Scored after the 200 are chosen, so only their likes are read.
  const trustedLikes = sql`(select count(*) from ${communityLikes} l join ${users} u on u.id = l.user_id
    where l.post_id = ${recent.id} and l.created_at >= u.created_at + ${TRUSTED_LIKE_AGE}::interval
      and (u.email_verified or u.mobile_verified))`;
  const top = await db
    .select({ id: recent.id })
    .from(recent)
    .orderBy(desc(sql`${trustedLikes} + 2 * ${recent.comments}`), desc(recent.createdAt))
    .limit(limit);
  if (!top.length) return [];
  const rows = await selectPosts(db).where(inArray(communityPosts.id, top.map((t) => t.id)));
  const order = new Map(top.map((t, i) => [t.id, i]));
  rows.sort((a, b) => order.get(a.post.id)! - order.get(b.post.id)!);
  return hydrate(db, rows, viewer);
}

let membersCache: { at: number; n: number } | null = null;
/** Live, unblocked accounts (counted at most once a minute per process). */
export async function membersCount(db: DbOrTx): Promise<number> {
  if (membersCache && Date.now() - membersCache.at < 60_000) return membersCache.n;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(isNull(users.deletedAt), isNull(users.blockedAt)));
  membersCache = { at: Date.now(), n: row?.n ?? 0 };
  return membersCache.n;
}
/** Tests that count members call this first. */
export const forgetMembersCount = () => {
  membersCache = null;
};

// ---------------------------------------------------------------------------------------------------------------
// Creations and edits.

export function description(raw: string | undefined): string {
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) throw badRequest(COMMUNITY_MSG.descriptionRequired, { description: COMMUNITY_MSG.descriptionRequired });
  if ([...text].length > COMMUNITY.descriptionMax) throw badRequest(COMMUNITY_MSG.descriptionTooLong, { description: COMMUNITY_MSG.descriptionTooLong });
  return text;
}

/** A user's query reads "I wish to buy…" (accounts §6): the words are added when the text does not start with them. */
export function queryText(text: string): string {
  return /^i wish to buy\b/i.test(text) ? text : `I wish to buy ${text}`;
}

/** The live products of `vendorUserId` among `ids`; 400 when one is another vendor's, deleted or unknown. */
async function ownProducts(db: DbOrTx, vendorUserId: string, ids: readonly string[]) {
  const list = [...new Set(ids)];
  if (!list.length) return new Map<string, { id: string; images: string[] }>();
  for (const id of list) if (!UUID.test(id)) throw badRequest(COMMUNITY_MSG.productNotYours, { productId: COMMUNITY_MSG.productNotYours });
  const rows = await db
    .select({ id: products.id, images: products.images })
    .from(products)
    .where(and(inArray(products.id, list), eq(products.vendorId, vendorUserId), isNull(products.deletedAt)));
  if (rows.length !== list.length) throw badRequest(COMMUNITY_MSG.productNotYours, { productId: COMMUNITY_MSG.productNotYours });
  return new Map(rows.map((r) => [r.id, r]));
}

/** An approved vendor's user id, for an admin posting on its behalf. */
async function approvedVendor(db: DbOrTx, userId: string | undefined): Promise<string> {
  if (!userId || !UUID.test(userId)) throw badRequest(COMMUNITY_MSG.vendorRequired, { userId: COMMUNITY_MSG.vendorRequired });
  const [v] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(vendors, eq(vendors.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'vendor'), isNull(users.deletedAt), eq(vendors.registrationStep, 2)));
  if (!v) throw badRequest(COMMUNITY_MSG.vendorRequired, { userId: COMMUNITY_MSG.vendorRequired });
  return v.id;
}

/** Files stored for a change that then failed (or replaced by it) are removed; a video with its poster and job. */
async function undoUploads(ctx: Ctx, urls: readonly string[]) {
  await Promise.all(urls.map((u) => (u.endsWith('.mp4') ? deleteVideo(ctx, u) : deleteUpload(ctx, u)).catch(() => undefined)));
}

/** A post's video as the pipeline has it now (media/videos.ts): its poster and state once transcoded. */
const STATE_OF_JOB = { queued: 'processing', processing: 'processing', ready: 'ready', failed: 'failed' } as const;

async function insertPost(ctx: Ctx, values: typeof communityPosts.$inferInsert, stored: string[], audit?: { actorId: string; detail: Record<string, unknown> }) {
  try {
    return await transaction(ctx.db as Db, async (tx) => {
      const [row] = await tx.insert(communityPosts).values(values).returning({ id: communityPosts.id });
      if (audit) await recordAudit(tx, { actorId: audit.actorId, action: 'create', entity: 'community_post', entityId: row!.id, detail: audit.detail });
      return row!.id;
    }).finally(feedChanged);
  } catch (err) {
    await undoUploads(ctx, stored);
    throw err;
  }
}

export interface TextForm {
  fields: Record<string, string>;
  lists: Record<string, string[]>;
  files: Record<string, UploadedFile[]>;
}

const listOf = (f: TextForm, name: string) => [...(f.lists[name] ?? []), ...(f.lists[`${name}[]`] ?? [])].map((v) => v.trim()).filter(Boolean);
const filesOf = (f: TextForm, name: string) => [...(f.files[name] ?? []), ...(f.files[`${name}[]`] ?? [])];

/** POST community/post/user: a user's buying query with an optional reference photo. */
export async function createQuery(ctx: Ctx, viewer: NonNullable<Viewer>, form: TextForm): Promise<string> {
  if (viewer.role !== 'user') throw forbidden(COMMUNITY_MSG.onlyUserQuery);
  const text = queryText(description(form.fields.description));
  const photo = filesOf(form, 'image')[0];
  const stored = photo ? await storeImages(ctx, [photo], { folder: FOLDER }) : [];
  return insertPost(ctx, { kind: 'query', authorId: viewer.id, description: text, image: stored[0]?.url ?? '' }, stored.map((s) => s.url));
}

/** POST community/post/admin: an admin posts for a vendor (description, optional picture and the vendor's products). */
export async function createAdminPost(ctx: Ctx, adminId: string, form: TextForm): Promise<string> {
  const text = description(form.fields.description);
  const vendorId = await approvedVendor(ctx.db, form.fields.userId);
  const productIds = listOf(form, 'productId');
  if (productIds.length > COMMUNITY.maxProductsPerSection) throw badRequest(COMMUNITY_MSG.tooManyProducts);
  await ownProducts(ctx.db, vendorId, productIds);
  const photo = filesOf(form, 'image')[0];
  const stored = photo ? await storeImages(ctx, [photo], { folder: FOLDER }) : [];
  const image = stored[0]?.url ?? '';
  const sections: CommunitySectionRow[] = productIds.length ? [{ image, productIds }] : [];
  return insertPost(ctx, { kind: 'admin', authorId: vendorId, postedById: adminId, description: text, image, sections }, stored.map((s) => s.url), {
    actorId: adminId,
    detail: { vendorId, productIds },
  });
}

interface SectionDraft {
  productIds: string[];
  imageUrl: string | null;
}

/**
 * The sections of a vendor image form: the `sections` JSON field, or the spec's flat `productId[]` with
 * `images[]` (URLs as text, or files) paired by index. Files go, in order, to the sections without a URL.
 */
function readSections(form: TextForm, editing: boolean): SectionDraft[] {
  const rawJson = form.fields.sections;
  let drafts: SectionDraft[];
  if (rawJson !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawJson);
    } catch {
      throw badRequest(COMMUNITY_MSG.addAllDetails, { sections: 'Please send sections as a JSON list' });
    }
    const r = z.array(communitySection).safeParse(parsed);
    if (!r.success) throw badRequest(COMMUNITY_MSG.addAllDetails, { sections: r.error.issues[0]?.message ?? COMMUNITY_MSG.addAllDetails });
    drafts = r.data.map((s: CommunitySection) => ({ productIds: [...new Set(s.productIds)], imageUrl: s.imageUrl?.trim() || null }));
  } else {
    const ids = listOf(form, 'productId');
    const urls = listOf(form, 'images');
    const count = Math.max(ids.length, urls.length, filesOf(form, 'images').length);
    drafts = Array.from({ length: count }, (_, i) => ({ productIds: ids[i] ? [ids[i]!] : [], imageUrl: null }));
    // images[] sent as text are picture URLs for the sections of the same index; files fill the others in order.
    urls.forEach((u, i) => {
      if (drafts[i]) drafts[i]!.imageUrl = u;
    });
  }
  if (!drafts.length) throw badRequest(COMMUNITY_MSG.addAllDetails);
  if (drafts.length > COMMUNITY.maxSections) throw badRequest(COMMUNITY_MSG.tooManySections);
  const files = filesOf(form, 'images');
  const needing = drafts.filter((d) => !d.imageUrl).length;
  if (files.length > needing) throw badRequest(COMMUNITY_MSG.addAllDetails, { images: 'More pictures than sections without one' });
  drafts.forEach((d, i) => {
    if (!d.productIds.length) throw badRequest(editing ? COMMUNITY_MSG.sectionProduct(i + 1) : COMMUNITY_MSG.addAllDetails, { productId: COMMUNITY_MSG.sectionProduct(i + 1) });
    if (d.productIds.length > COMMUNITY.maxProductsPerSection) throw badRequest(COMMUNITY_MSG.tooManyProducts);
  });
  if (files.length < needing) {
    const first = drafts.filter((d) => !d.imageUrl)[files.length];
    const n = drafts.indexOf(first!) + 1;
    throw badRequest(editing ? COMMUNITY_MSG.sectionImage(n) : COMMUNITY_MSG.addAllDetails, { images: COMMUNITY_MSG.sectionImage(n) });
  }
  return drafts;
}

/**
 * Checks the sections' products (the vendor's own) and kept pictures (one of the tagged products' pictures, or on
 * an edit one the post already had), then stores the new pictures. Returns the rows and the stored URLs.
 */
async function buildSections(ctx: Ctx, vendorId: string, drafts: SectionDraft[], files: UploadedFile[], existing: readonly string[]) {
  const owned = await ownProducts(
    ctx.db,
    vendorId,
    drafts.flatMap((d) => d.productIds),
  );
  drafts.forEach((d, i) => {
    if (!d.imageUrl) return;
    const allowed = existing.includes(d.imageUrl) || d.productIds.some((id) => owned.get(id)?.images.includes(d.imageUrl!));
    if (!allowed) throw badRequest(COMMUNITY_MSG.sectionImage(i + 1), { images: 'Please use a picture of a tagged product, or upload one' });
  });
  const stored = files.length ? await storeImages(ctx, files, { folder: FOLDER }) : [];
  let next = 0;
  const sections: CommunitySectionRow[] = drafts.map((d) => ({ image: d.imageUrl ?? stored[next++]!.url, productIds: d.productIds }));
  return { sections, stored: stored.map((s) => s.url) };
}

/** POST community/imagePost/vendor: 1–5 sections, each a picture tagging 1–5 of the vendor's products. */
export async function createImagePost(ctx: Ctx, viewer: NonNullable<Viewer>, form: TextForm): Promise<string> {
  const text = description(form.fields.description);
  const drafts = readSections(form, false);
  const { sections, stored } = await buildSections(ctx, viewer.id, drafts, filesOf(form, 'images'), []);
  return insertPost(ctx, { kind: 'image', authorId: viewer.id, description: text, sections }, stored);
}

/** POST community/videoPost/vendor: a description, a video (mp4/mov) and 1–5 of the vendor's products. */
export async function createVideoPost(ctx: Ctx, viewer: NonNullable<Viewer>, form: TextForm): Promise<string> {
  const text = (form.fields.description ?? '').trim();
  const productIds = [...new Set(listOf(form, 'productId'))];
  const video = filesOf(form, 'video')[0];
  if (!text || !video || !productIds.length) throw badRequest(COMMUNITY_MSG.fillAllFields);
  description(text);
  if (productIds.length > COMMUNITY.maxProductsPerSection) throw badRequest(COMMUNITY_MSG.tooManyProducts);
  await ownProducts(ctx.db, viewer.id, productIds);
  const stored = await storeVideo(ctx, video, { folder: FOLDER, kind: video.kind as 'mp4' | 'mov', ownerId: viewer.id });
  const postId = await insertPost(
    ctx,
    { kind: 'video', authorId: viewer.id, description: text, sections: [{ image: '', productIds }], videoUrl: stored.url, videoPoster: null, videoState: 'processing' },
    [stored.url],
  );
  await offerCommunityVideo(ctx.db, { videoUrl: stored.url, description: text, productIds, vendorId: viewer.id });
  return postId;
}

/** Writes an edit; the pictures or video it replaced are removed after it is committed (new ones if it fails). */
async function applyEdit(
  ctx: Ctx,
  id: string,
  set: Partial<typeof communityPosts.$inferInsert>,
  stored: string[],
  replaced: string[],
  audit?: { actorId: string; detail: Record<string, unknown> },
) {
  try {
    await transaction(ctx.db as Db, async (tx) => {
      const done = await tx
        .update(communityPosts)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)))
        .returning({ id: communityPosts.id });
      if (!done.length) throw notFound(COMMUNITY_MSG.postNotFound);
      if (audit) await recordAudit(tx, { actorId: audit.actorId, action: 'update', entity: 'community_post', entityId: id, detail: audit.detail });
    }).finally(feedChanged);
  } catch (err) {
    await undoUploads(ctx, stored);
    throw err;
  }
  const keep = new Set(stored);
  await undoUploads(
    ctx,
    replaced.filter((u) => u && !keep.has(u)),
  );
}

function ownedBy(post: { authorId: string; kind: string }, viewer: NonNullable<Viewer>, kinds: readonly string[]) {
  if (post.authorId !== viewer.id) throw forbidden(COMMUNITY_MSG.notAuthor);
  if (!kinds.includes(post.kind)) throw new AppError(409, `This post cannot be edited here (it is a ${post.kind} post)`);
}

/** PATCH community/editPost/user/{id}: the author of a query edits its text and photo. */
export async function editQuery(ctx: Ctx, viewer: NonNullable<Viewer>, id: string, form: TextForm): Promise<void> {
  const post = await livePost(ctx.db, id);
  ownedBy(post, viewer, ['query']);
  const text = queryText(description(form.fields.description));
  const photo = filesOf(form, 'image')[0];
  const remove = form.fields.removeImage === 'true';
  const stored = photo ? (await storeImages(ctx, [photo], { folder: FOLDER })).map((s) => s.url) : [];
  const image = stored[0] ?? (remove ? '' : post.image);
  await applyEdit(ctx, id, { description: text, image }, stored, image !== post.image ? [post.image] : []);
}

/** PATCH community/editPost/admin/{id}: an admin edits any post's text and one picture (audited). */
export async function editAsAdmin(ctx: Ctx, adminId: string, id: string, form: TextForm): Promise<void> {
  const post = await livePost(ctx.db, id);
  const text = description(form.fields.description);
  const photo = filesOf(form, 'image')[0];
  const remove = form.fields.removeImage === 'true';
  const stored = photo ? (await storeImages(ctx, [photo], { folder: FOLDER })).map((s) => s.url) : [];
  const set: Partial<typeof communityPosts.$inferInsert> = { description: text };
  const replaced: string[] = [];
  if (post.kind === 'image' && stored[0]) {
    // An image post's one picture is its first section's.
    const [first, ...rest] = post.sections;
    set.sections = [{ image: stored[0], productIds: first?.productIds ?? [] }, ...rest];
    if (first) replaced.push(first.image);
  } else if (post.kind !== 'video' && (stored[0] || remove)) {
    set.image = stored[0] ?? '';
    if (post.kind === 'admin' && post.sections[0]) set.sections = [{ ...post.sections[0], image: set.image }];
    replaced.push(post.image);
  }
  await applyEdit(ctx, id, set, stored, replaced, { actorId: adminId, detail: { description: text, image: stored[0] ?? (remove ? '' : undefined) } });
}

/** PATCH community/editPost/vendor/image/{id}: the vendor edits its sections (pictures and product links). */
export async function editImagePost(ctx: Ctx, viewer: NonNullable<Viewer>, id: string, form: TextForm): Promise<void> {
  const post = await livePost(ctx.db, id);
  ownedBy(post, viewer, ['image']);
  const text = description(form.fields.description);
  const drafts = readSections(form, true);
  const existing = post.sections.map((s) => s.image);
  const { sections, stored } = await buildSections(ctx, viewer.id, drafts, filesOf(form, 'images'), existing);
  const kept = new Set(sections.map((s) => s.image));
  await applyEdit(ctx, id, { description: text, sections }, stored, existing.filter((u) => !kept.has(u)));
}

/** PATCH community/editPost/vendor/video/{id}: a new video, or videoLink keeping the current one; products 1–5. */
export async function editVideoPost(ctx: Ctx, viewer: NonNullable<Viewer>, id: string, form: TextForm): Promise<void> {
  const post = await livePost(ctx.db, id);
  ownedBy(post, viewer, ['video']);
  const text = description(form.fields.description);
  const video = filesOf(form, 'video')[0];
  const link = (form.fields.videoLink ?? '').trim();
  if (!video && (!link || link !== post.videoUrl)) throw badRequest(COMMUNITY_MSG.uploadVideo, { video: COMMUNITY_MSG.uploadVideo });
  const productIds = [...new Set(listOf(form, 'productId'))];
  if (!productIds.length) throw badRequest(COMMUNITY_MSG.fillAllFields, { productId: COMMUNITY_MSG.fillAllFields });
  if (productIds.length > COMMUNITY.maxProductsPerSection) throw badRequest(COMMUNITY_MSG.tooManyProducts);
  await ownProducts(ctx.db, viewer.id, productIds);
  const set: Partial<typeof communityPosts.$inferInsert> = { description: text, sections: [{ image: '', productIds }] };
  const stored: string[] = [];
  if (video) {
    const v = await storeVideo(ctx, video, { folder: FOLDER, kind: video.kind as 'mp4' | 'mov', ownerId: viewer.id });
    stored.push(v.url);
    Object.assign(set, { videoUrl: v.url, videoPoster: null, videoState: 'processing' });
  }
  await applyEdit(ctx, id, set, stored, video ? [post.videoUrl ?? '', post.videoPoster ?? ''] : []);
  if (video) await offerCommunityVideo(ctx.db, { videoUrl: stored[0]!, description: text, productIds, vendorId: post.authorId });
}

// ---------------------------------------------------------------------------------------------------------------
// Pin, like, delete.

export async function setPinned(ctx: Ctx, adminId: string, id: string, pinned: boolean) {
  return transaction(ctx.db as Db, async (tx) => {
    const [row] = await tx
      .update(communityPosts)
      .set({ pinned, pinnedAt: pinned ? new Date() : null })
      .where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)))
      .returning({ id: communityPosts.id, pinned: communityPosts.pinned });
    if (!row) throw notFound(COMMUNITY_MSG.postNotFound);
    await recordAudit(tx, { actorId: adminId, action: pinned ? 'pin' : 'unpin', entity: 'community_post', entityId: id });
    return { _id: row.id, pinned: row.pinned };
  }).finally(feedChanged);
}

/** Like (or dislike: take the like back). Idempotent; the count on the post moves in the same transaction. */
export async function setLiked(ctx: Ctx, viewer: NonNullable<Viewer>, id: string, like: boolean) {
  if (viewer.role === 'admin') throw forbidden(COMMUNITY_MSG.adminCannotLike);
  await visiblePost(ctx.db, viewer, id);
  return transaction(ctx.db as Db, async (tx) => {
    const changed = like
      ? await tx.insert(communityLikes).values({ postId: id, userId: viewer.id }).onConflictDoNothing().returning({ postId: communityLikes.postId })
      : await tx
          .delete(communityLikes)
          .where(and(eq(communityLikes.postId, id), eq(communityLikes.userId, viewer.id)))
          .returning({ postId: communityLikes.postId });
    const delta = changed.length ? (like ? 1 : -1) : 0;
    const [row] = await tx
      .update(communityPosts)
      .set({ likesCount: sql`greatest(${communityPosts.likesCount} + ${delta}, 0)` })
      .where(eq(communityPosts.id, id))
      .returning({ likes: communityPosts.likesCount });
    return { _id: id, isLiked: like, NumberOfLikes: row?.likes ?? 0 };
  }).finally(feedChanged);
}

/** PATCH community/post/delete/{id}: the author or an admin (audited) removes a post. */
export async function deletePost(ctx: Ctx, viewer: NonNullable<Viewer>, id: string) {
  const post = await livePost(ctx.db, id);
  const admin = viewer.role === 'admin';
  if (!admin && post.authorId !== viewer.id) throw forbidden(COMMUNITY_MSG.notAuthor);
  await transaction(ctx.db as Db, async (tx) => {
    await tx.update(communityPosts).set({ deletedAt: new Date(), pinned: false }).where(eq(communityPosts.id, id));
    if (admin && post.authorId !== viewer.id) await recordAudit(tx, { actorId: viewer.id, action: 'delete', entity: 'community_post', entityId: id, detail: { authorId: post.authorId } });
  }).finally(feedChanged);
  return { _id: id };
}

// ---------------------------------------------------------------------------------------------------------------
// Search for tagging.

export async function searchVendors(db: DbOrTx, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await db
    .select({ _id: users.id, firstname: users.firstname, lastname: users.lastname, brandName: vendors.brandName, vendorSlug: vendors.slug })
    .from(users)
    .innerJoin(vendors, eq(vendors.userId, users.id))
    .where(
      and(
        eq(users.role, 'vendor'),
        isNull(users.deletedAt),
        eq(vendors.registrationStep, 2),
        search ? or(ilike(vendors.brandName, like), ilike(vendors.sellerName, like), ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, like)) : undefined,
      ),
    )
    .orderBy(vendors.brandName)
    .limit(20);
  return rows;
}

/** A vendor's own live products by name (a vendor searches its own; an admin names the vendor). */
export async function searchProducts(db: DbOrTx, viewer: NonNullable<Viewer>, q: { userId?: string; search: string }) {
  let vendorId = viewer.id;
  if (viewer.role === 'admin') {
    if (!q.userId) throw badRequest(COMMUNITY_MSG.vendorRequired, { userId: COMMUNITY_MSG.vendorRequired });
    vendorId = q.userId;
  } else if (viewer.role !== 'vendor') throw forbidden();
  const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await db
    .select({ _id: products.id, name: products.name, images: products.images, slug: products.slug, offeredPrice: products.offeredPrice })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), isNull(products.deletedAt), ilike(products.name, like)))
    .orderBy(products.name)
    .limit(20);
  return { products: rows };
}
