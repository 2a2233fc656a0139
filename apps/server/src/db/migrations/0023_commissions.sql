-- Earnings (issue 10): the marketplace's commission is a percentage per category, set by an admin (0–50, two
-- decimals; 10 by default), and each order line keeps the rate of its category when the order was placed, so a
-- later change of rate never rewrites what a vendor earned on past orders (ADR 017).
ALTER TABLE "categories" ADD COLUMN "commission_percent" numeric(5, 2) DEFAULT '10' NOT NULL;
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_commission_percent" CHECK ("categories"."commission_percent" between 0 and 50);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_percent" numeric(5, 2);
--> statement-breakpoint
-- Lines placed before rates existed take their category's rate now (the default, 10, for every category); a line
-- whose category was deleted takes the default too.
UPDATE "order_lines" SET "commission_percent" = coalesce((select c."commission_percent" from "categories" c where c."id" = "order_lines"."category_id"), 10);
--> statement-breakpoint
-- The default is the marketplace's standard rate for a line written without one (placement always gives one).
ALTER TABLE "order_lines" ALTER COLUMN "commission_percent" SET DEFAULT '10';
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "commission_percent" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_commission_percent" CHECK ("order_lines"."commission_percent" between 0 and 50);
