import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The community feed (issue 12, migration 0032, ADR 026). */
export const communityPostKindEnum = pgEnum('community_post_kind', ['query', 'image', 'video', 'admin']);
export const communityVideoStateEnum = pgEnum('community_video_state', ['processing', 'ready', 'failed']);

/** One section of an image post: a picture and the vendor's products it tags. */
export interface CommunitySectionRow {
  image: string;
  productIds: string[];
}

/** A comment's offer: one of the vendor's catalogue products, or (kind 'temporary') one of its chat-made products. */
export interface CommunityOfferRow {
  kind: 'product' | 'temporary';
  productId: string;
}

export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: communityPostKindEnum('kind').notNull(),
    /** The author; for an admin post, the vendor it was posted for. */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who posted it for the vendor. */
    postedById: uuid('posted_by_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    image: text('image').notNull().default(''),
    sections: jsonb('sections').$type<CommunitySectionRow[]>().notNull().default(sql`'[]'::jsonb`),
    videoUrl: text('video_url'),
    videoPoster: text('video_poster'),
    videoState: communityVideoStateEnum('video_state'),
    pinned: boolean('pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`date_trunc('milliseconds', now())`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('community_posts_feed').on(t.pinned, t.createdAt, t.id).where(sql`${t.deletedAt} is null and ${t.hidden} = false`),
    index('community_posts_feed_admin').on(t.pinned, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('community_posts_author').on(t.authorId, t.createdAt),
    check('community_posts_counts', sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0`),
  ],
);
export type CommunityPostRow = typeof communityPosts.$inferSelect;

export const communityLikes = pgTable(
  'community_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'community_likes_pk', columns: [t.userId, t.postId] }), index('community_likes_post').on(t.postId)],
);

/** Comments (commentId null) and replies (commentId set; parentId set for a second-level reply). */
export const communityComments = pgTable(
  'community_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references((): AnyPgColumn => communityComments.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => communityComments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replyToId: uuid('reply_to_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    offer: jsonb('offer').$type<CommunityOfferRow | null>(),
    repliesCount: integer('replies_count').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`date_trunc('milliseconds', now())`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('community_comments_post').on(t.postId, t.createdAt, t.id).where(sql`${t.commentId} is null and ${t.deletedAt} is null`),
    index('community_comments_replies').on(t.commentId, t.parentId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
  ],
);
export type CommunityCommentRow = typeof communityComments.$inferSelect;

/** A report of a post (commentId null) or of a comment or reply; target_id is whichever was reported. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id').notNull(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The reporter's standing when filed (ADR 047). */
    weight: real('weight').notNull(),
    /** A keyed hash of the network the report came from: reports of one thing from one network count once. */
    ipHash: text('ip_hash'),
    status: text('status', { enum: ['open', 'upheld', 'dismissed'] }).notNull().default('open'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_reports_once').on(t.targetId, t.reporterId).where(sql`${t.status} = 'open'`),
    index('community_reports_open').on(t.targetId, t.createdAt).where(sql`${t.status} = 'open'`),
    check('community_reports_status', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
  ],
);
