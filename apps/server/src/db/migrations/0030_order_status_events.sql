-- The admin console's orders (issue 11, ADR 024): every status change of an order or of a vendor's part of it is
-- logged by a trigger, whoever makes it (buyer, vendor console, payment handler, sweeper, admin), so an order's
-- history is complete without each writer remembering to log. A writer that knows who acts and why says so for the
-- rest of its transaction with set_config('statewise.actor_kind' / 'statewise.actor_id' / 'statewise.note', …, true)
-- (the admin console does); otherwise the event has no actor.
CREATE TABLE "order_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"vendor_group_id" uuid,
	"from_status" "order_status" NOT NULL,
	"to_status" "order_status" NOT NULL,
	"actor_kind" text,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_vendor_group_id_order_vendor_groups_id_fk" FOREIGN KEY ("vendor_group_id") REFERENCES "public"."order_vendor_groups"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_status_events_order" ON "order_status_events" USING btree ("order_id","created_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION log_order_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- a setting never set in this session reads NULL; one set by an earlier transaction reads ''
  v_actor_kind text := nullif(current_setting('statewise.actor_kind', true), '');
  v_actor_id text := nullif(current_setting('statewise.actor_id', true), '');
  v_note text := nullif(current_setting('statewise.note', true), '');
BEGIN
  -- clock_timestamp, not now(): the changes of one transaction keep their order
  IF TG_TABLE_NAME = 'orders' THEN
    INSERT INTO order_status_events (order_id, vendor_group_id, from_status, to_status, actor_kind, actor_id, note, created_at)
    VALUES (NEW.id, NULL, OLD.status, NEW.status, v_actor_kind, v_actor_id::uuid, v_note, clock_timestamp());
  ELSE
    INSERT INTO order_status_events (order_id, vendor_group_id, from_status, to_status, actor_kind, actor_id, note, created_at)
    VALUES (NEW.order_id, NEW.id, OLD.status, NEW.status, v_actor_kind, v_actor_id::uuid, v_note, clock_timestamp());
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_status_events" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION log_order_status_change();
--> statement-breakpoint
CREATE TRIGGER "order_vendor_groups_status_events" AFTER UPDATE OF "status" ON "order_vendor_groups"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION log_order_status_change();
--> statement-breakpoint
-- the admin's search by mobile: a guest order's verified mobile and the delivery address's mobile
CREATE INDEX "orders_guest_mobile" ON "orders" USING btree ("guest_mobile") WHERE "guest_mobile" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_address_mobile" ON "orders" USING btree (("address"->>'mobile'));
