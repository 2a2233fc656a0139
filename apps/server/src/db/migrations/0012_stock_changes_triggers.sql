-- Stock writes log the products they touch in stock_changes (under the stock version they bump), so a server's
-- catalogue read cache drops only the answers that show those products (docs/decisions/002-catalogue-read-cache.md):
--   a product's stock quantity or sales count moving  → its product detail, and best sellers and suggestions;
--   a product, size or colour coming into or going out of stock → also the listings that show its card (inStock)
--     and every size-filtered listing.
-- This replaces 0010's rule (an availability flip bumped the catalogue version, emptying every listing).
-- Writes that change anything else still bump the catalogue version.
--
-- Stock writers lock catalogue_version row 1 and then update row 2 before logging: versions are logged in commit
-- order, and every writer takes the two rows in the same order (no deadlock between a catalogue and a stock write).
CREATE OR REPLACE FUNCTION bump_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV: the product id column, the quantity column (availability is quantity > 0), then every stock
  -- column (the quantity included): the columns an order or a restock changes.
  product_column text := TG_ARGV[0];
  quantity_column text := TG_ARGV[1];
  stock_columns text[] := TG_ARGV[2:TG_NARGS - 1];
  changed boolean;
  v integer;
BEGIN
  -- Rows compared as JSON without the stock columns, so a column added later counts as a catalogue change.
  EXECUTE 'SELECT EXISTS (SELECT to_jsonb(o) - $1 FROM old_rows o EXCEPT ALL SELECT to_jsonb(n) - $1 FROM new_rows n)'
    INTO changed USING stock_columns;
  IF changed THEN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
  UPDATE catalogue_version SET version = version + 1 WHERE id = 2 RETURNING version INTO v;
  -- Only stock columns changed, so the rest of each row (its key included) pairs old and new rows.
  EXECUTE format(
    'INSERT INTO stock_changes (version, product_id, availability)
     SELECT $1, n.%1$I, bool_or((o.%2$I > 0) IS DISTINCT FROM (n.%2$I > 0))
     FROM old_rows o JOIN new_rows n ON (to_jsonb(o) - $2) = (to_jsonb(n) - $2)
     GROUP BY n.%1$I', product_column, quantity_column)
    USING v, stock_columns;
  IF v % 100 = 0 THEN
    DELETE FROM stock_changes WHERE version <= v - 10000;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_bump_version_on_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_version_on_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_update('id', 'free_size_qty', 'free_size_qty', 'sales_count');
--> statement-breakpoint
DROP TRIGGER product_sizes_bump_version_on_update ON product_sizes;
--> statement-breakpoint
CREATE TRIGGER product_sizes_bump_version_on_update AFTER UPDATE ON product_sizes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_update('product_id', 'quantity', 'quantity');
--> statement-breakpoint
DROP TRIGGER product_colors_bump_version_on_update ON product_colors;
--> statement-breakpoint
CREATE TRIGGER product_colors_bump_version_on_update AFTER UPDATE ON product_colors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_update('product_id', 'quantity', 'quantity');
--> statement-breakpoint
-- Reviews: a product's rating and review count show on its detail only.
CREATE OR REPLACE FUNCTION log_review_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v integer;
BEGIN
  PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    UPDATE catalogue_version SET version = version + 1 WHERE id = 2 RETURNING version INTO v;
    INSERT INTO stock_changes (version, product_id, availability) SELECT DISTINCT v, product_id, false FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    UPDATE catalogue_version SET version = version + 1 WHERE id = 2 RETURNING version INTO v;
    INSERT INTO stock_changes (version, product_id, availability) SELECT DISTINCT v, product_id, false FROM old_rows;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    UPDATE catalogue_version SET version = version + 1 WHERE id = 2 RETURNING version INTO v;
    INSERT INTO stock_changes (version, product_id, availability)
    SELECT v, product_id, false FROM new_rows UNION SELECT v, product_id, false FROM old_rows;
  END IF;
  IF v % 100 = 0 THEN
    DELETE FROM stock_changes WHERE version <= v - 10000;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER reviews_bump_stock_version ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_log_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_review_change();
--> statement-breakpoint
CREATE TRIGGER reviews_log_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_review_change();
--> statement-breakpoint
CREATE TRIGGER reviews_log_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_review_change();
--> statement-breakpoint
CREATE TRIGGER reviews_bump_catalogue_version_on_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
-- No longer used (0010).
DROP FUNCTION bump_stock_version();
