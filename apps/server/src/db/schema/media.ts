import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Where a video is on its way to being playable (modules/media/videos.ts). */
export type VideoState = 'queued' | 'processing' | 'ready' | 'failed';

/**
 * The video pipeline's queue (migration 0035): one row per uploaded video, from the kept source to the transcoded
 * MP4 and its poster. `url` is given out at upload time and is where the MP4 will be, so a post can keep it at once.
 */
export const videoJobs = pgTable(
  'video_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who uploaded it (sees its state); null for the seed. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Storage key of the uploaded file, removed once transcoded. */
    sourceKey: text('source_key').notNull(),
    /** Public URL of the MP4 (exists once ready). */
    url: text('url').notNull().unique(),
    /** Public URL of the WebP poster (set once ready). */
    posterUrl: text('poster_url'),
    state: text('state').$type<VideoState>().notNull().default('queued'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    attempts: integer('attempts').notNull().default(0),
    /** A claimed job is left to its worker until then; a worker that died leaves it to the next. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_jobs_waiting').on(t.createdAt).where(sql`${t.state} in ('queued', 'processing')`)],
);
export type VideoJobRow = typeof videoJobs.$inferSelect;
