-- The catalogue read cache keys on two versions (docs/decisions/002-catalogue-read-cache.md):
--   id 1, the catalogue version: anything a listing shows or filters on, including a product, size or colour
--         coming into or going out of stock (the cards' inStock, the size filter);
--   id 2, the stock version: stock quantities that stay on the same side of zero, sales counts and reviews,
--         which only product detail, best sellers and suggestions show.
-- So an order (stock taken, a sale counted) keeps every cached listing; selling out a size does not.
INSERT INTO catalogue_version (id, version) VALUES (2, 1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 2;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An UPDATE statement moves the catalogue version when any row changed anything but its stock columns, or its
-- availability (stock > 0) flipped; else, when it changed rows, the stock version. Rows are compared as JSON
-- without the stock columns (TG_ARGV[1..], TG_ARGV[0] being the column whose > 0 is the availability), so a
-- column added later counts as a catalogue change without touching this function.
CREATE OR REPLACE FUNCTION bump_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  qty text := TG_ARGV[0];
  stock_columns text[] := TG_ARGV[0:TG_NARGS - 1];
  changed boolean;
BEGIN
  EXECUTE format(
    'SELECT EXISTS (
       SELECT (to_jsonb(o) - $1) || jsonb_build_object(''#available'', o.%1$I > 0) FROM old_rows o
       EXCEPT ALL
       SELECT (to_jsonb(n) - $1) || jsonb_build_object(''#available'', n.%1$I > 0) FROM new_rows n)', qty)
    INTO changed USING stock_columns;
  IF changed THEN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 2;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_bump_catalogue_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER products_bump_version_on_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_update('free_size_qty', 'sales_count');
--> statement-breakpoint
DROP TRIGGER product_sizes_bump_catalogue_version ON product_sizes;
--> statement-breakpoint
CREATE TRIGGER product_sizes_bump_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE ON product_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER product_sizes_bump_version_on_update AFTER UPDATE ON product_sizes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_update('quantity');
--> statement-breakpoint
DROP TRIGGER product_colors_bump_catalogue_version ON product_colors;
--> statement-breakpoint
CREATE TRIGGER product_colors_bump_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE ON product_colors
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER product_colors_bump_version_on_update AFTER UPDATE ON product_colors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_update('quantity');
--> statement-breakpoint
-- Ratings and review counts show on product detail only.
DROP TRIGGER reviews_bump_catalogue_version ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_bump_stock_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION bump_stock_version();
