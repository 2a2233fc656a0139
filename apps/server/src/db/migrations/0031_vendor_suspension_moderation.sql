-- Issue 11: an admin suspends and restores a vendor's store (ADR 025), vendors report reviews of their products,
-- and the admin's moderation inbox keeps or hides them.
--
-- A suspended store: who, when, why, and whether the suspension came with blocking the vendor's account (then
-- unblocking the account restores the store; a suspension made on its own stays until restored).
ALTER TABLE "vendors" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "suspended_reason" text;
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "suspended_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "suspension_cause" text;
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_suspension_cause" CHECK ("suspension_cause" IS NULL OR "suspension_cause" IN ('admin', 'account_blocked'));
--> statement-breakpoint
-- A product its vendor published that is off the site only because the store is suspended. Every public read
-- (listings, search, suggestions, home lists, product page, cart, checkout, wishlist) already asks is_active, so
-- a suspension turns is_active off and remembers here which products to turn back on when the store is restored.
ALTER TABLE "products" ADD COLUMN "held_by_suspension" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Keeps the hold honest whatever writes a product (vendor console, bulk import, raw SQL): publishing a product of a
-- suspended store holds it instead; unpublishing or deleting a held product ends the hold, so the restore does not
-- bring back what the vendor took down meanwhile.
CREATE OR REPLACE FUNCTION hold_products_of_suspended_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_active THEN
    IF EXISTS (SELECT 1 FROM vendors v WHERE v.user_id = NEW.vendor_id AND v.suspended_at IS NOT NULL) THEN
      NEW.is_active := false;
      NEW.held_by_suspension := NEW.deleted_at IS NULL;
    ELSE
      NEW.held_by_suspension := false;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.held_by_suspension AND NEW.held_by_suspension AND NOT OLD.is_active THEN
    NEW.held_by_suspension := false;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_hold_for_suspension BEFORE INSERT OR UPDATE OF is_active ON products
  FOR EACH ROW EXECUTE FUNCTION hold_products_of_suspended_store();
--> statement-breakpoint
CREATE INDEX "products_held_by_suspension" ON "products" ("vendor_id") WHERE "held_by_suspension";
--> statement-breakpoint
-- A review an admin hid (after a vendor's report): off the product page and out of its rating.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- 0020's rating sync, counting visible reviews only.
CREATE OR REPLACE FUNCTION sync_product_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO ids FROM (SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows) x;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE products p SET rating_count = x.n, rating_total = x.total
    FROM (SELECT i.id, count(r.rating)::int AS n, coalesce(sum(r.rating), 0)::int AS total
          FROM unnest(ids) AS i(id) LEFT JOIN reviews r ON r.product_id = i.id AND r.hidden_at IS NULL GROUP BY i.id) x
    WHERE p.id = x.id AND (p.rating_count, p.rating_total) IS DISTINCT FROM (x.n, x.total);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A vendor's report of a review of its own product; one per review (a review the admin kept is not reported again).
CREATE TABLE "review_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "review_id" uuid NOT NULL REFERENCES "reviews"("id") ON DELETE CASCADE,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "decision_note" text,
  "decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "review_reports_status" CHECK ("status" IN ('open', 'kept', 'hidden')),
  CONSTRAINT "review_reports_reason_length" CHECK (char_length("reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review" ON "review_reports" ("review_id");
--> statement-breakpoint
CREATE INDEX "review_reports_queue" ON "review_reports" ("status", "created_at");
