-- The admin console hides catalogue entries instead of deleting them while products use them (issue 11): hidden
-- subcategories, styles, states and banners leave the public lists, as hidden categories already do. The tables'
-- catalogue-version triggers (migration 0002) cover the new columns: a hide shows on the public site at once.
ALTER TABLE "subcategories" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
