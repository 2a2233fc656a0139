CREATE TYPE "public"."refund_status" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"vendor_group_id" uuid NOT NULL,
	"wallet_amount" integer DEFAULT 0 NOT NULL,
	"gateway_amount" integer DEFAULT 0 NOT NULL,
	"gateway_method" text NOT NULL,
	"status" "refund_status" NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."wallet_amount" >= 0 and "order_refunds"."gateway_amount" >= 0)
);
--> statement-breakpoint
DROP INDEX "wallet_transactions_order_refund_once";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_vendor_group_id_order_vendor_groups_id_fk" FOREIGN KEY ("vendor_group_id") REFERENCES "public"."order_vendor_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_once_per_part" ON "order_refunds" USING btree ("vendor_group_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_pending" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_part_refund_once" ON "wallet_transactions" USING btree ("refund_id") WHERE "wallet_transactions"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_order_refund_once" ON "wallet_transactions" USING btree ("order_id") WHERE "wallet_transactions"."kind" = 'order_refund' and "wallet_transactions"."refund_id" is null;