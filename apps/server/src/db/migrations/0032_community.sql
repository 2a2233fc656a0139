-- The community feed (issue 12, ADR 026). Posts keep their like and comment counts on the row (changed in the same
-- transaction as the like or comment), so a feed page never counts. The feed is paged by keyset on
-- (pinned, created_at, id), newest first with pinned posts ahead; created_at is kept to the millisecond so that a
-- cursor written by JavaScript names a row exactly.
CREATE TYPE "community_post_kind" AS ENUM ('query', 'image', 'video', 'admin');
--> statement-breakpoint
CREATE TYPE "community_video_state" AS ENUM ('processing', 'ready', 'failed');
--> statement-breakpoint
CREATE TABLE "community_posts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" "community_post_kind" NOT NULL,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "posted_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "description" text NOT NULL,
  "image" text DEFAULT '' NOT NULL,
  "sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "video_url" text,
  "video_poster" text,
  "video_state" "community_video_state",
  "pinned" boolean DEFAULT false NOT NULL,
  "pinned_at" timestamp with time zone,
  "likes_count" integer DEFAULT 0 NOT NULL,
  "comments_count" integer DEFAULT 0 NOT NULL,
  "hidden" boolean DEFAULT false NOT NULL,
  "deleted_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "community_posts_counts" CHECK ("likes_count" >= 0 AND "comments_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "community_posts_feed" ON "community_posts" ("pinned", "created_at", "id") WHERE "deleted_at" IS NULL AND "hidden" = false;
--> statement-breakpoint
CREATE INDEX "community_posts_feed_admin" ON "community_posts" ("pinned", "created_at", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "community_posts_author" ON "community_posts" ("author_id", "created_at");
--> statement-breakpoint
CREATE TABLE "community_likes" (
  "post_id" uuid NOT NULL REFERENCES "community_posts"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "community_likes_pk" PRIMARY KEY ("user_id", "post_id")
);
--> statement-breakpoint
CREATE INDEX "community_likes_post" ON "community_likes" ("post_id");
--> statement-breakpoint
-- Comments and their replies in one table: comment_id is null for a comment; a reply names its comment, and a
-- second-level reply also its parent reply (parent_id). replies_count is kept like the post's counts.
CREATE TABLE "community_comments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "post_id" uuid NOT NULL REFERENCES "community_posts"("id") ON DELETE CASCADE,
  "comment_id" uuid REFERENCES "community_comments"("id") ON DELETE CASCADE,
  "parent_id" uuid REFERENCES "community_comments"("id") ON DELETE CASCADE,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reply_to_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "body" text NOT NULL,
  "product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  "offer" jsonb,
  "replies_count" integer DEFAULT 0 NOT NULL,
  "hidden" boolean DEFAULT false NOT NULL,
  "deleted_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "community_comments_post" ON "community_comments" ("post_id", "created_at", "id") WHERE "comment_id" IS NULL AND "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "community_comments_replies" ON "community_comments" ("comment_id", "parent_id", "created_at", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Reports weigh by the reporter (account age, delivered orders); enough open weight hides the post or comment
-- until an admin decides (modules/community/moderation.ts). One report per person and thing.
CREATE TABLE "community_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "post_id" uuid NOT NULL REFERENCES "community_posts"("id") ON DELETE CASCADE,
  "comment_id" uuid REFERENCES "community_comments"("id") ON DELETE CASCADE,
  "target_id" uuid NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "weight" real NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "decided_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp with time zone,
  "decision_note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "community_reports_status" CHECK ("status" IN ('open', 'upheld', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_once" ON "community_reports" ("target_id", "reporter_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "community_reports_open" ON "community_reports" ("target_id", "created_at") WHERE "status" = 'open';
