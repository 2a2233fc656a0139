-- The video pipeline's queue (DESIGN "Uploads", ADR 029): an uploaded video waits here until a worker transcodes it
-- to H.264/AAC MP4 with a WebP poster. Claimed with a lease (FOR UPDATE SKIP LOCKED), so several processes share it.
CREATE TABLE "video_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"source_key" text NOT NULL,
	"url" text NOT NULL,
	"poster_url" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_jobs_url_unique" UNIQUE("url"),
	CONSTRAINT "video_jobs_state_check" CHECK ("state" in ('queued', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "video_jobs_waiting" ON "video_jobs" USING btree ("created_at") WHERE "video_jobs"."state" in ('queued', 'processing');
