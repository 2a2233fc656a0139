-- A vendor's deleted product (vendor console, issue 10) is kept for order history and invoices, which point at it,
-- but is gone for everyone else: deletion also unpublishes it (is_active false), so every catalogue read, cart and
-- order, which already ask for is_active, leaves it out; deleted_at keeps it out of the vendor's own list and
-- stops it being published again.
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- The vendor console lists a vendor's products that are not deleted, newest first.
CREATE INDEX "products_vendor_console" ON "products" USING btree ("vendor_id","created_at" DESC,"id") WHERE "products"."deleted_at" IS NULL;
