-- The vendor console's figures kept by triggers (ADR 033), so the dashboard and the lists' totals read a handful of
-- rows instead of counting a big shop's tens of thousands of parts, lines and products on every request:
--   vendor_part_counts     a vendor's parts by status, of orders not awaiting payment (the order list's count, the
--                          dashboard's counts by status and new orders)
--   vendor_daily_sales     a vendor's parts and sales by the India day the order was placed, counting parts paid or
--                          cash on delivery and not cancelled (the dashboard's today and this month)
--   vendor_product_counts  a vendor's live (not deleted) products, published or not (the product list's total)
--   product_low_stock      each live product whose lowest stock entry (free size, a size or a colour) is at most 3,
--                          by vendor, lowest first (the dashboard's low stock); 3 is LOW_STOCK.max in vendor-orders
-- Whoever writes (checkout, payments, the vendor and admin consoles, sweepers, imports, a script), the triggers keep
-- them, in the writer's transaction. No foreign key to users: vendors are never deleted, and a key would lock the
-- vendor's users row on every order.
CREATE FUNCTION india_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ((t AT TIME ZONE 'UTC') + interval '330 minutes')::date
$$;
--> statement-breakpoint
CREATE TABLE "vendor_part_counts" (
	"vendor_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_part_counts_pkey" PRIMARY KEY ("vendor_id", "status")
);
--> statement-breakpoint
CREATE TABLE "vendor_daily_sales" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_daily_sales_pkey" PRIMARY KEY ("vendor_id", "day")
);
--> statement-breakpoint
CREATE TABLE "vendor_product_counts" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"unpublished" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_low_stock" (
	"product_id" uuid PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"qty" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_low_stock_vendor" ON "product_low_stock" USING btree ("vendor_id", "qty", "name", "product_id");
--> statement-breakpoint
-- ---------- parts and sales ----------
-- One part's share of the figures, added (sign 1) or taken away (-1), given the state of its order; its sales are
-- its lines as they are now. A change is its old share taken away and its new one added, so changes of the part, of
-- its order and of its lines, in any order within a transaction, add up to a recount.
CREATE FUNCTION vendor_figures_part(p_order uuid, p_vendor uuid, p_part_status order_status, p_order_status order_status,
    p_payment order_payment_status, p_placed timestamptz, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_order_status <> 'created' THEN
    INSERT INTO vendor_part_counts AS c (vendor_id, status, parts) VALUES (p_vendor, p_part_status, p_sign)
      ON CONFLICT (vendor_id, status) DO UPDATE SET parts = c.parts + excluded.parts;
  END IF;
  IF p_payment IN ('paid', 'cod') AND p_part_status <> 'cancelled' THEN
    INSERT INTO vendor_daily_sales AS d (vendor_id, day, orders, sales)
      SELECT p_vendor, india_day(p_placed), p_sign, p_sign * coalesce(sum(l.price * l.quantity), 0)
      FROM order_lines l WHERE l.order_id = p_order AND l.vendor_id = p_vendor
      ON CONFLICT (vendor_id, day) DO UPDATE SET orders = d.orders + excluded.orders, sales = d.sales + excluded.sales;
  END IF;
END;
$$;
--> statement-breakpoint
-- Parts inserted or deleted, in bulk: one grouped write per figure (rows in key order, so two writers lock alike).
CREATE FUNCTION vendor_figures_parts_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  changed text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO vendor_part_counts AS c (vendor_id, status, parts)
    SELECT g.vendor_id, g.status, $1 * count(*) FROM %I g JOIN orders o ON o.id = g.order_id
    WHERE o.status <> 'created' GROUP BY g.vendor_id, g.status ORDER BY g.vendor_id, g.status
    ON CONFLICT (vendor_id, status) DO UPDATE SET parts = c.parts + excluded.parts$q$, changed) USING s;
  EXECUTE format($q$
    INSERT INTO vendor_daily_sales AS d (vendor_id, day, orders, sales)
    SELECT g.vendor_id, india_day(o.created_at), $1 * count(*), $1 * coalesce(sum(t.total), 0)
    FROM %I g JOIN orders o ON o.id = g.order_id
    CROSS JOIN LATERAL (SELECT sum(l.price * l.quantity) AS total FROM order_lines l WHERE l.order_id = g.order_id AND l.vendor_id = g.vendor_id) t
    WHERE o.payment_status IN ('paid', 'cod') AND g.status <> 'cancelled'
    GROUP BY g.vendor_id, india_day(o.created_at) ORDER BY 1, 2
    ON CONFLICT (vendor_id, day) DO UPDATE SET orders = d.orders + excluded.orders, sales = d.sales + excluded.sales$q$, changed) USING s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_vendor_groups_figures_insert" AFTER INSERT ON "order_vendor_groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_figures_parts_rows();
--> statement-breakpoint
CREATE TRIGGER "order_vendor_groups_figures_delete" AFTER DELETE ON "order_vendor_groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_figures_parts_rows();
--> statement-breakpoint
-- A part that moves (confirmed, shipped, cancelled …).
CREATE FUNCTION vendor_figures_part_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o orders%ROWTYPE;
BEGIN
  SELECT * INTO o FROM orders WHERE id = OLD.order_id;
  IF FOUND THEN
    PERFORM vendor_figures_part(OLD.order_id, OLD.vendor_id, OLD.status, o.status, o.payment_status, o.created_at, -1);
  END IF;
  SELECT * INTO o FROM orders WHERE id = NEW.order_id;
  IF FOUND THEN
    PERFORM vendor_figures_part(NEW.order_id, NEW.vendor_id, NEW.status, o.status, o.payment_status, o.created_at, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_vendor_groups_figures_update" AFTER UPDATE OF "status", "order_id", "vendor_id" ON "order_vendor_groups"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.vendor_id IS DISTINCT FROM NEW.vendor_id)
  EXECUTE FUNCTION vendor_figures_part_moved();
--> statement-breakpoint
-- An order that is paid, moves, is refunded or is re-dated: each of its parts' share under the old order and the
-- new. Before a delete, its parts' share goes (the cascade then finds no order to count them under).
CREATE FUNCTION vendor_figures_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT order_id, vendor_id, status FROM order_vendor_groups WHERE order_id = OLD.id ORDER BY vendor_id LOOP
    PERFORM vendor_figures_part(g.order_id, g.vendor_id, g.status, OLD.status, OLD.payment_status, OLD.created_at, -1);
    IF TG_OP = 'UPDATE' THEN
      PERFORM vendor_figures_part(g.order_id, g.vendor_id, g.status, NEW.status, NEW.payment_status, NEW.created_at, 1);
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_figures_update" AFTER UPDATE OF "status", "payment_status", "created_at" ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION vendor_figures_order_changed();
--> statement-breakpoint
CREATE TRIGGER "orders_figures_delete" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION vendor_figures_order_changed();
--> statement-breakpoint
-- Lines added to or taken from a part already counted (checkout writes the lines before the parts, so usually none).
CREATE FUNCTION vendor_figures_lines_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  changed text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO vendor_daily_sales AS d (vendor_id, day, orders, sales)
    SELECT l.vendor_id, india_day(o.created_at), 0, $1 * sum(l.price * l.quantity)
    FROM %I l
    JOIN order_vendor_groups g ON g.order_id = l.order_id AND g.vendor_id = l.vendor_id
    JOIN orders o ON o.id = l.order_id
    WHERE o.payment_status IN ('paid', 'cod') AND g.status <> 'cancelled'
    GROUP BY l.vendor_id, india_day(o.created_at) ORDER BY 1, 2
    ON CONFLICT (vendor_id, day) DO UPDATE SET sales = d.sales + excluded.sales$q$, changed) USING s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_figures_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_figures_lines_rows();
--> statement-breakpoint
CREATE TRIGGER "order_lines_figures_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_figures_lines_rows();
--> statement-breakpoint
CREATE FUNCTION vendor_figures_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vendor_daily_sales AS d (vendor_id, day, orders, sales)
    SELECT x.vendor_id, india_day(o.created_at), 0, sum(x.amount)
    FROM (VALUES (OLD.order_id, OLD.vendor_id, -(OLD.price * OLD.quantity)::bigint), (NEW.order_id, NEW.vendor_id, (NEW.price * NEW.quantity)::bigint)) x(order_id, vendor_id, amount)
    JOIN order_vendor_groups g ON g.order_id = x.order_id AND g.vendor_id = x.vendor_id
    JOIN orders o ON o.id = x.order_id
    WHERE o.payment_status IN ('paid', 'cod') AND g.status <> 'cancelled'
    GROUP BY x.vendor_id, india_day(o.created_at) ORDER BY 1, 2
    ON CONFLICT (vendor_id, day) DO UPDATE SET sales = d.sales + excluded.sales;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_figures_update" AFTER UPDATE OF "price", "quantity", "order_id", "vendor_id" ON "order_lines"
  FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.vendor_id IS DISTINCT FROM NEW.vendor_id)
  EXECUTE FUNCTION vendor_figures_line_changed();
--> statement-breakpoint
-- ---------- products ----------
-- The lowest stock entry of a product of its own kind (as the dashboard has always read it); null without any.
CREATE FUNCTION product_lowest_stock(p_id uuid, free_size boolean, free_size_qty integer, color_options boolean)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN free_size THEN free_size_qty
    WHEN color_options THEN (SELECT min(pc.quantity) FROM product_colors pc WHERE pc.product_id = p_id)
    ELSE (SELECT min(ps.quantity) FROM product_sizes ps WHERE ps.product_id = p_id) END
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_low_stock(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH now_low AS (
    SELECT p.id AS product_id, p.vendor_id, p.name, x.qty FROM products p
    CROSS JOIN LATERAL (SELECT product_lowest_stock(p.id, p.is_free_size, p.free_size_qty, p.is_color_options) AS qty) x
    WHERE p.id = ANY (ids) AND p.deleted_at IS NULL AND x.qty <= 3
  ), gone AS (
    DELETE FROM product_low_stock l WHERE l.product_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM now_low n WHERE n.product_id = l.product_id)
  )
  INSERT INTO product_low_stock AS l (product_id, vendor_id, name, qty)
    SELECT product_id, vendor_id, name, qty FROM now_low ORDER BY product_id
    ON CONFLICT (product_id) DO UPDATE SET vendor_id = excluded.vendor_id, name = excluded.name, qty = excluded.qty
    WHERE (l.vendor_id, l.name, l.qty) IS DISTINCT FROM (excluded.vendor_id, excluded.name, excluded.qty);
END;
$$;
--> statement-breakpoint
-- Sizes and colours after each statement: the products they belong to.
CREATE FUNCTION low_stock_stock_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_low_stock(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_low_stock(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM refresh_low_stock(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_sizes', 'product_colors']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION low_stock_stock_rows()', t || '_low_stock_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION low_stock_stock_rows()', t || '_low_stock_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION low_stock_stock_rows()', t || '_low_stock_delete', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Products after each statement: the vendors' counts, and the low stock of those whose stock, name, vendor or
-- deletion changed. Published is the vendor's choice: a product held off the site by a suspension counts (ADR 025).
CREATE FUNCTION vendor_products_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- the rows that count: those the statement wrote (+1) and those it replaced or deleted (-1)
  counted text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS s, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS s, * FROM old_rows'
    ELSE 'SELECT 1 AS s, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END;
  recount boolean := true;
BEGIN
  -- most updates (stock, sales, prices) leave every count as it is (a separate test: an INSERT has no old_rows)
  IF TG_OP = 'UPDATE' THEN
    recount := EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.vendor_id, o.is_active, o.held_by_suspension, o.deleted_at) IS DISTINCT FROM (n.vendor_id, n.is_active, n.held_by_suspension, n.deleted_at));
  END IF;
  IF recount THEN
  EXECUTE format($q$
    INSERT INTO vendor_product_counts AS c (vendor_id, published, unpublished)
    SELECT vendor_id, coalesce(sum(s) FILTER (WHERE is_active OR held_by_suspension), 0), coalesce(sum(s) FILTER (WHERE NOT (is_active OR held_by_suspension)), 0)
    FROM (%s) r WHERE deleted_at IS NULL GROUP BY vendor_id
    HAVING coalesce(sum(s) FILTER (WHERE is_active OR held_by_suspension), 0) <> 0 OR coalesce(sum(s) FILTER (WHERE NOT (is_active OR held_by_suspension)), 0) <> 0
    ORDER BY vendor_id
    ON CONFLICT (vendor_id) DO UPDATE SET published = c.published + excluded.published, unpublished = c.unpublished + excluded.unpublished$q$, counted);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_low_stock(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_low_stock(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.free_size_qty, o.is_free_size, o.is_color_options, o.name, o.vendor_id, o.deleted_at)
        IS DISTINCT FROM (n.free_size_qty, n.is_free_size, n.is_color_options, n.name, n.vendor_id, n.deleted_at)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_vendor_figures_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_products_rows();
--> statement-breakpoint
CREATE TRIGGER "products_vendor_figures_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_products_rows();
--> statement-breakpoint
CREATE TRIGGER "products_vendor_figures_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_products_rows();
--> statement-breakpoint
-- ---------- what is there already ----------
INSERT INTO vendor_part_counts (vendor_id, status, parts)
  SELECT g.vendor_id, g.status, count(*) FROM order_vendor_groups g JOIN orders o ON o.id = g.order_id
  WHERE o.status <> 'created' GROUP BY g.vendor_id, g.status;
--> statement-breakpoint
INSERT INTO vendor_daily_sales (vendor_id, day, orders, sales)
  SELECT g.vendor_id, india_day(o.created_at), count(*), coalesce(sum(t.total), 0)
  FROM order_vendor_groups g JOIN orders o ON o.id = g.order_id
  LEFT JOIN (SELECT order_id, vendor_id, sum(price * quantity) AS total FROM order_lines GROUP BY order_id, vendor_id) t
    ON t.order_id = g.order_id AND t.vendor_id = g.vendor_id
  WHERE o.payment_status IN ('paid', 'cod') AND g.status <> 'cancelled'
  GROUP BY g.vendor_id, india_day(o.created_at);
--> statement-breakpoint
INSERT INTO vendor_product_counts (vendor_id, published, unpublished)
  SELECT vendor_id, count(*) FILTER (WHERE is_active OR held_by_suspension), count(*) FILTER (WHERE NOT (is_active OR held_by_suspension))
  FROM products WHERE deleted_at IS NULL GROUP BY vendor_id;
--> statement-breakpoint
INSERT INTO product_low_stock (product_id, vendor_id, name, qty)
  SELECT p.id, p.vendor_id, p.name, x.qty FROM products p
  CROSS JOIN LATERAL (SELECT product_lowest_stock(p.id, p.is_free_size, p.free_size_qty, p.is_color_options) AS qty) x
  WHERE p.deleted_at IS NULL AND x.qty <= 3;
