-- Product cards show the rating, and every listing shows sold-out products after the available ones (issue 9).
-- Both are kept on products so a listing page reads them from the row it already reads, and the listing indexes
-- lead with in_stock (in-stock first, then the requested order) instead of testing sizes and colours per product:
--   in_stock      any free-size, colour or size quantity left; kept by the triggers below wherever stock moves
--   rating_count  the number of reviews; rating_total their sum (the card's average is total / count)
-- The catalogue read cache (docs/decisions/002-catalogue-read-cache.md) treats them as stock columns: changing them
-- bumps the stock version and logs the product in stock_changes with what changed —
--   ordering: the product came into or went out of stock, so every listing it can be in is re-ordered;
--   card:     its card's rating changed, so the answers that show it change.
ALTER TABLE "products" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_changes" ADD COLUMN "ordering" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_changes" ADD COLUMN "card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE products p SET
  in_stock = CASE
    WHEN p.is_free_size THEN p.free_size_qty > 0
    WHEN p.is_color_options THEN EXISTS (SELECT 1 FROM product_colors pc WHERE pc.product_id = p.id AND pc.quantity > 0)
    ELSE EXISTS (SELECT 1 FROM product_sizes ps WHERE ps.product_id = p.id AND ps.quantity > 0) END,
  rating_count = coalesce((SELECT count(*) FROM reviews r WHERE r.product_id = p.id), 0),
  rating_total = coalesce((SELECT sum(r.rating) FROM reviews r WHERE r.product_id = p.id), 0);
--> statement-breakpoint
-- A product's own row decides in_stock when it is free-size; otherwise its colours or sizes do. Recomputed on
-- every write that can change it (a write of in_stock itself included, so it can never be set wrong by hand).
CREATE OR REPLACE FUNCTION product_in_stock(p_id uuid, free_size boolean, free_size_qty integer, color_options boolean)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN free_size THEN free_size_qty > 0
    WHEN color_options THEN EXISTS (SELECT 1 FROM product_colors pc WHERE pc.product_id = p_id AND pc.quantity > 0)
    ELSE EXISTS (SELECT 1 FROM product_sizes ps WHERE ps.product_id = p_id AND ps.quantity > 0) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_set_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.in_stock := product_in_stock(NEW.id, NEW.is_free_size, NEW.free_size_qty, NEW.is_color_options);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_set_in_stock BEFORE INSERT OR UPDATE OF is_free_size, free_size_qty, is_color_options, in_stock ON products
  FOR EACH ROW EXECUTE FUNCTION products_set_in_stock();
--> statement-breakpoint
-- Sizes and colours: after a statement, the products it touched get in_stock recomputed (an UPDATE of products
-- only where it moved, so an order that leaves stock writes nothing more). Taken after the catalogue_version
-- row-1 lock that serialises every stock write (0012), so two orders selling the last pieces of two sizes of one
-- product at once cannot each still see the other's size in stock.
CREATE OR REPLACE FUNCTION sync_product_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
  UPDATE products p SET in_stock = NOT p.in_stock
    WHERE p.id = ANY (ids) AND p.in_stock IS DISTINCT FROM product_in_stock(p.id, p.is_free_size, p.free_size_qty, p.is_color_options);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_sizes', 'product_colors']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_in_stock()', t || '_sync_in_stock_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_in_stock()', t || '_sync_in_stock_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_in_stock()', t || '_sync_in_stock_delete', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Reviews: the products they belong to get their count and total recomputed after each statement.
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
          FROM unnest(ids) AS i(id) LEFT JOIN reviews r ON r.product_id = i.id GROUP BY i.id) x
    WHERE p.id = x.id AND (p.rating_count, p.rating_total) IS DISTINCT FROM (x.n, x.total);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_sync_rating_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_rating();
--> statement-breakpoint
CREATE TRIGGER reviews_sync_rating_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_rating();
--> statement-breakpoint
CREATE TRIGGER reviews_sync_rating_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_product_rating();
--> statement-breakpoint
-- Products: 0012's rule with the new stock columns, and the log says what a card or a listing order sees.
-- Rows are compared as JSON without the stock columns, so a column added later counts as a catalogue change.
CREATE OR REPLACE FUNCTION bump_version_on_product_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stock_columns text[] := ARRAY['free_size_qty', 'sales_count', 'in_stock', 'rating_count', 'rating_total'];
  changed boolean;
  v integer;
BEGIN
  SELECT EXISTS (SELECT to_jsonb(o) - stock_columns FROM old_rows o EXCEPT ALL SELECT to_jsonb(n) - stock_columns FROM new_rows n)
    INTO changed;
  IF changed THEN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
  UPDATE catalogue_version SET version = version + 1 WHERE id = 2 RETURNING version INTO v;
  -- Only stock columns changed, so the id pairs old and new rows.
  INSERT INTO stock_changes (version, product_id, availability, ordering, card)
  SELECT v, n.id,
    bool_or((o.free_size_qty > 0) IS DISTINCT FROM (n.free_size_qty > 0) OR o.in_stock IS DISTINCT FROM n.in_stock),
    bool_or(o.in_stock IS DISTINCT FROM n.in_stock),
    bool_or((o.rating_count, o.rating_total) IS DISTINCT FROM (n.rating_count, n.rating_total))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  GROUP BY n.id;
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
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version_on_product_update();
--> statement-breakpoint
-- Listing orders lead with in_stock (desc: available first); the indexes that served the old orders follow.
DROP INDEX "products_created";--> statement-breakpoint
DROP INDEX "products_category_created";--> statement-breakpoint
DROP INDEX "products_subcategory_created";--> statement-breakpoint
DROP INDEX "products_style_created";--> statement-breakpoint
DROP INDEX "products_state_created";--> statement-breakpoint
DROP INDEX "products_vendor_created";--> statement-breakpoint
DROP INDEX "products_sales";--> statement-breakpoint
DROP INDEX "products_trending_created";--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("in_stock" DESC,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_category_created" ON "products" USING btree ("category_id","in_stock" DESC,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_subcategory_created" ON "products" USING btree ("subcategory_id","in_stock" DESC,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_style_created" ON "products" USING btree ("style_id","in_stock" DESC,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_state_created" ON "products" USING btree ("state_id","in_stock" DESC,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_vendor_created" ON "products" USING btree ("vendor_id","in_stock" DESC,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_sales" ON "products" USING btree ("in_stock" DESC,"sales_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_in_stock_price" ON "products" USING btree ("in_stock" DESC,"offered_price");--> statement-breakpoint
-- A backward scan would put sold-out products first: the descending price and the oldest-first orders get their own.
CREATE INDEX "products_in_stock_price_desc" ON "products" USING btree ("in_stock" DESC,"offered_price" DESC);--> statement-breakpoint
CREATE INDEX "products_oldest" ON "products" USING btree ("in_stock" DESC,"created_at" ASC NULLS FIRST,"id" DESC);--> statement-breakpoint
CREATE INDEX "products_trending_created" ON "products" USING btree ("in_stock" DESC,"created_at" DESC NULLS LAST) WHERE "products"."is_trending";
