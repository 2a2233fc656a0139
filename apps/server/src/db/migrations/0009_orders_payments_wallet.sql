CREATE TYPE "public"."order_payment_status" AS ENUM('pending', 'paid', 'cod', 'failed', 'expired', 'refund_pending', 'refunded', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('cart', 'buy_now', 'guest_cart', 'guest_buy_now');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('created', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_mode" AS ENUM('online', 'cod', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('order', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."wallet_tx_kind" AS ENUM('reward', 'recharge', 'order_payment', 'order_refund');--> statement-breakpoint
CREATE TYPE "public"."wallet_tx_status" AS ENUM('completed', 'pending', 'failed');--> statement-breakpoint
CREATE TYPE "public"."wallet_tx_type" AS ENUM('credit', 'debit');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"vendor_id" uuid NOT NULL,
	"category_id" uuid,
	"hsn_code" text,
	"gst_rate" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"mrp" integer NOT NULL,
	"quantity" integer NOT NULL,
	"size" "size",
	"color" text,
	"is_free_size" boolean DEFAULT false NOT NULL,
	"is_color_options" boolean DEFAULT false NOT NULL,
	"is_temp_product" boolean DEFAULT false NOT NULL,
	"temp_product_id" uuid,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" between 1 and 10),
	CONSTRAINT "order_lines_price" CHECK ("order_lines"."price" >= 0 and "order_lines"."mrp" >= "order_lines"."price")
);
--> statement-breakpoint
CREATE TABLE "order_vendor_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"aws_number" text,
	"courier_partner" text,
	"status" "order_status" DEFAULT 'created' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_initial" text DEFAULT 'SW' NOT NULL,
	"order_number" integer DEFAULT nextval('order_number_seq') NOT NULL,
	"user_id" uuid,
	"guest_mobile" text,
	"source" "order_source" NOT NULL,
	"status" "order_status" DEFAULT 'created' NOT NULL,
	"payment_mode" "payment_mode" NOT NULL,
	"payment_status" "order_payment_status" NOT NULL,
	"sub_total" integer NOT NULL,
	"shipping_charges" integer DEFAULT 0 NOT NULL,
	"grand_total" integer NOT NULL,
	"wallet_amount_used" integer DEFAULT 0 NOT NULL,
	"amount_payable" integer NOT NULL,
	"address" jsonb NOT NULL,
	"payment_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "orders_buyer" CHECK ("orders"."user_id" is not null or "orders"."guest_mobile" is not null),
	CONSTRAINT "orders_money" CHECK ("orders"."sub_total" >= 0 and "orders"."shipping_charges" >= 0 and "orders"."wallet_amount_used" >= 0 and "orders"."amount_payable" >= 0
        and "orders"."grand_total" = "orders"."sub_total" + "orders"."shipping_charges" and "orders"."amount_payable" = "orders"."grand_total" - "orders"."wallet_amount_used")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"description" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_purpose_order" CHECK (("payments"."purpose" = 'order') = ("payments"."order_id" is not null)),
	CONSTRAINT "payments_wallet_user" CHECK ("payments"."purpose" <> 'wallet' or "payments"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "wallet_tx_type" NOT NULL,
	"status" "wallet_tx_status" NOT NULL,
	"kind" "wallet_tx_kind" NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amount" CHECK ("wallet_transactions"."amount" > 0),
	CONSTRAINT "wallet_transactions_kind_type" CHECK (("wallet_transactions"."kind" = 'order_payment') = ("wallet_transactions"."type" = 'debit') and ("wallet_transactions"."kind" not in ('order_payment', 'order_refund') or "wallet_transactions"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vendor_groups" ADD CONSTRAINT "order_vendor_groups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vendor_groups" ADD CONSTRAINT "order_vendor_groups_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_vendor" ON "order_lines" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_vendor_groups_order_vendor" ON "order_vendor_groups" USING btree ("order_id","vendor_id");--> statement-breakpoint
CREATE INDEX "order_vendor_groups_vendor" ON "order_vendor_groups" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_unpaid" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'created';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order" ON "payments" USING btree ("order_id") WHERE "payments"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order" ON "payments" USING btree ("provider","provider_order_id") WHERE "payments"."provider_order_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_user" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_reward_once" ON "wallet_transactions" USING btree ("user_id") WHERE "wallet_transactions"."kind" = 'reward';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_order_payment_once" ON "wallet_transactions" USING btree ("order_id") WHERE "wallet_transactions"."kind" = 'order_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_order_refund_once" ON "wallet_transactions" USING btree ("order_id") WHERE "wallet_transactions"."kind" = 'order_refund';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_recharge_once" ON "wallet_transactions" USING btree ("payment_id") WHERE "wallet_transactions"."kind" = 'recharge';