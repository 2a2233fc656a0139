-- The admin console hides catalogue entries instead of deleting them while products use them (issue 11): hidden
-- subcategories, styles, states, banners, crazy deals, subcategory cards and featured vendors leave the public lists,
-- as hidden categories already do (a festive offer hides by its status, inactive). The tables'
-- catalogue-version triggers (migration 0002) cover the new columns: a hide shows on the public site at once.
ALTER TABLE "subcategories" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "crazy_deals" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "subcategory_cards" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "vendor_section" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
