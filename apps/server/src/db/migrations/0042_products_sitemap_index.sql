-- The sitemaps (modules/seo, ADR 051) list every visible product in id order, 50,000 to a file: the files'
-- boundaries are one ordered pass over this index and each file a range of it, read alone (id, slug and update
-- time), never a sort or a visit to the wide product rows (a 100,000-product file took 5 s on PGlite without it).
CREATE INDEX "products_sitemap" ON "products" USING btree ("id") INCLUDE ("slug","updated_at") WHERE "products"."is_active";
