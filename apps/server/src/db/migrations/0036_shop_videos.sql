-- The watch-and-shop feed (issue 14, ADR 030): a video of the pipeline (video_jobs, ADR 029) shown in the feed, with
-- its title, category, place and visibility, its counters (views, add-to-cart from it), and the products mapped to it
-- with the second at which each product's card comes forward.
CREATE TABLE "shop_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"cart_adds" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_videos_video_url_unique" UNIQUE("video_url")
);
--> statement-breakpoint
ALTER TABLE "shop_videos" ADD CONSTRAINT "shop_videos_video_url_video_jobs_url_fk" FOREIGN KEY ("video_url") REFERENCES "public"."video_jobs"("url") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_videos" ADD CONSTRAINT "shop_videos_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_videos" ADD CONSTRAINT "shop_videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shop_videos_feed" ON "shop_videos" USING btree ("sort_order","created_at" DESC) WHERE NOT "shop_videos"."is_hidden";
--> statement-breakpoint
CREATE TABLE "shop_video_products" (
	"video_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"highlight_ms" integer,
	CONSTRAINT "shop_video_products_video_id_product_id_pk" PRIMARY KEY("video_id","product_id"),
	CONSTRAINT "shop_video_products_highlight_check" CHECK ("highlight_ms" is null or "highlight_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_video_products" ADD CONSTRAINT "shop_video_products_video_id_shop_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."shop_videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_video_products" ADD CONSTRAINT "shop_video_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shop_video_products_product" ON "shop_video_products" USING btree ("product_id");
