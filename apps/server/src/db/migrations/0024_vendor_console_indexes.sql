-- The vendor console at marketplace scale (issue 10, bench/vendor-console.bench.ts: 100,000 products, 200,000 order
-- lines, a vendor with thousands of products and tens of thousands of order parts).
--
-- A vendor's products by status (published or not), newest first: the status filter's page and count read this
-- index alone instead of visiting every product of the vendor (they lie one per heap page).
CREATE INDEX "products_vendor_status" ON "products" USING btree ("vendor_id","is_active","created_at" DESC,"id") WHERE "products"."deleted_at" IS NULL;
--> statement-breakpoint
-- The console's search also matches the slug (ILIKE '%…%'): with trigrams on the slug as on the name, the matching
-- rows come from the indexes (name, slug, search vector) combined with the vendor's, not from a scan of the vendor's rows.
CREATE INDEX "products_slug_trgm" ON "products" USING gin ("slug" gin_trgm_ops);
--> statement-breakpoint
-- A vendor's parts by status, with their orders: the order list's count, a status filter's page and the dashboard's
-- counts and figures read it alone (no visit to the parts' rows). It leads with vendor_id, so it serves everything
-- the single-column index did.
CREATE INDEX "order_vendor_groups_vendor_status" ON "order_vendor_groups" USING btree ("vendor_id","status","order_id");
--> statement-breakpoint
DROP INDEX "order_vendor_groups_vendor";
--> statement-breakpoint
-- Orders newest first: a big shop's first page walks the newest orders and keeps its own (a probe of
-- order_vendor_groups_order_vendor each) instead of sorting all of them. The dashboard's month is a range of it,
-- read alone thanks to the payment status and id at the end.
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at" DESC,"order_number" DESC,"payment_status","id");
--> statement-breakpoint
-- A vendor's lines of an order with what they cost: the dashboard's sales sum per part reads this index alone.
CREATE INDEX "order_lines_order_vendor" ON "order_lines" USING btree ("order_id","vendor_id","price","quantity");
--> statement-breakpoint
-- The dashboard's low stock: each of the vendor's products with its kind of stock and name (for the order of the
-- list), and each product's sizes with their quantities, so finding the lowest entries visits no table rows.
-- Quantity is already indexed (product_sizes_in_stock's predicate), so stock updates lose no HOT update by it.
CREATE INDEX "products_vendor_stock" ON "products" USING btree ("vendor_id","is_free_size","is_color_options","free_size_qty","name","id");
--> statement-breakpoint
CREATE INDEX "product_sizes_product_quantity" ON "product_sizes" USING btree ("product_id","quantity","size");
