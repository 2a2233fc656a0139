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
--> statement-breakpoint
-- ---------- the version of a vendor's console answers ----------
-- Bumped, in the writer's transaction, by every write to what the vendor's order list and dashboard show: its parts,
-- their lines, their orders' number, placed time, statuses, payment mode and address, and its products, sizes and
-- colours (the low stock). The console keeps those answers in memory under the version read before loading them and
-- serves one again only while the version is unchanged, so a big shop's repeated list or dashboard costs one
-- primary-key read until something of its orders or stock changes (ADR 037).
CREATE TABLE "vendor_console_versions" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One grouped upsert, rows in key order so two writers lock alike.
CREATE FUNCTION bump_vendor_console_versions(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO vendor_console_versions AS v (vendor_id, version)
    SELECT DISTINCT id, 1 FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
    ON CONFLICT (vendor_id) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
-- Parts, lines and products after each statement: their vendors, before and after.
CREATE FUNCTION vendor_console_versions_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_vendor_console_versions(ARRAY(SELECT vendor_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_vendor_console_versions(ARRAY(SELECT vendor_id FROM old_rows));
  ELSE
    PERFORM bump_vendor_console_versions(ARRAY(SELECT vendor_id FROM new_rows UNION SELECT vendor_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['order_vendor_groups', 'order_lines']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_rows()', t || '_versions_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_rows()', t || '_versions_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_rows()', t || '_versions_delete', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Orders after each update: the vendors of those whose shown columns changed (not updated_at, paid_at …).
CREATE FUNCTION vendor_console_versions_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_vendor_console_versions(ARRAY(SELECT g.vendor_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN order_vendor_groups g ON g.order_id = n.id
    WHERE (o.order_initial, o.order_number, o.created_at, o.status, o.payment_mode, o.payment_status, o.address)
      IS DISTINCT FROM (n.order_initial, n.order_number, n.created_at, n.status, n.payment_mode, n.payment_status, n.address)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_vendor_console_versions" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_orders();
--> statement-breakpoint
-- Products after each statement (their vendors, before and after), and sizes and colours (their products' vendors).
CREATE FUNCTION vendor_console_versions_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_vendor_console_versions(ARRAY(SELECT p.vendor_id FROM products p WHERE p.id IN (SELECT product_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_vendor_console_versions(ARRAY(SELECT p.vendor_id FROM products p WHERE p.id IN (SELECT product_id FROM old_rows)));
  ELSE
    PERFORM bump_vendor_console_versions(ARRAY(SELECT p.vendor_id FROM products p WHERE p.id IN (SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  EXECUTE 'CREATE TRIGGER products_versions_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_rows()';
  EXECUTE 'CREATE TRIGGER products_versions_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_rows()';
  EXECUTE 'CREATE TRIGGER products_versions_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_rows()';
  FOREACH t IN ARRAY ARRAY['product_sizes', 'product_colors']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_stock()', t || '_versions_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_stock()', t || '_versions_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_console_versions_stock()', t || '_versions_delete', t);
  END LOOP;
END;
$$;
