-- The vendor console's order list at marketplace scale (issue 10, ADR 037): a vendor's parts newest first. The order
-- of the list is the order's placed time, which lives on orders, so a big shop's first page used to join and sort all
-- of its tens of thousands of parts. placed_at is a copy of the order's created_at on each part, so the page is read
-- from an index in list order and stops after a page.
--
-- The database keeps the copy, whoever writes (checkout, seeds, imports, a script): a part takes its order's time when
-- it is inserted or moved to another order, and an order re-dated re-dates its parts.
ALTER TABLE "order_vendor_groups" ADD COLUMN "placed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "order_vendor_groups" g SET "placed_at" = o."created_at" FROM "orders" o WHERE o."id" = g."order_id";
--> statement-breakpoint
ALTER TABLE "order_vendor_groups" ALTER COLUMN "placed_at" SET NOT NULL;
--> statement-breakpoint
CREATE FUNCTION order_vendor_groups_placed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the order's time, not the writer's: a part can never disagree with its order
  SELECT o.created_at INTO NEW.placed_at FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_vendor_groups_placed_at" BEFORE INSERT OR UPDATE OF "order_id", "placed_at" ON "order_vendor_groups"
  FOR EACH ROW EXECUTE FUNCTION order_vendor_groups_placed_at();
--> statement-breakpoint
CREATE FUNCTION orders_placed_at_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_vendor_groups SET placed_at = NEW.created_at WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_placed_at_moved" AFTER UPDATE OF "created_at" ON "orders"
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION orders_placed_at_moved();
--> statement-breakpoint
-- A vendor's parts newest first, and those of one status newest first (the order list with and without its status
-- filter, the dashboard's recent orders). Ties of one instant are broken by the order's number, as the list always
-- has, so the page's few rows of the same instant are sorted after the index scan; no id in the index.
CREATE INDEX "order_vendor_groups_vendor_placed" ON "order_vendor_groups" USING btree ("vendor_id", "placed_at" DESC);
--> statement-breakpoint
CREATE INDEX "order_vendor_groups_vendor_status_placed" ON "order_vendor_groups" USING btree ("vendor_id", "status", "placed_at" DESC);
--> statement-breakpoint
-- The planner's statistics for the new column (PGlite runs no autovacuum).
ANALYZE "order_vendor_groups";
