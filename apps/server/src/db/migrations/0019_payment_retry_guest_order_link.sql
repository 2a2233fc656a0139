-- Issue 9: a failed online payment keeps its order held for the rest of its 30 minutes, so the payer can retry:
-- an order may now have several payments, at most one of them pending at a time.
DROP INDEX IF EXISTS "payments_order";--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id") WHERE "payments"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_pending" ON "payments" USING btree ("order_id") WHERE "payments"."order_id" is not null and "payments"."status" = 'pending';--> statement-breakpoint
-- A guest order's link (/order-status#token): only the SHA-256 of the random token is kept.
ALTER TABLE "orders" ADD COLUMN "guest_access_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_access" ON "orders" USING btree ("guest_access_hash") WHERE "orders"."guest_access_hash" is not null;
