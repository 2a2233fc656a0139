-- Chat between a shopper and a vendor (accounts §3 chat, message, temporary product; DESIGN "Realtime"; ADR 031).
-- One chat per (user, vendor). Messages carry a per-chat sequence, taken from chats.last_seq in the same
-- transaction as the insert, so the order is the database's and a reconnecting client asks for "after seq N".
-- A sender's own message id (client_id) makes a retried send land once.
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"customer_number" integer NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"auto_replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "chats_user_vendor" ON "chats" USING btree ("user_id","vendor_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "chats_vendor_customer_number" ON "chats" USING btree ("vendor_id","customer_number");
--> statement-breakpoint
CREATE INDEX "chats_user_recent" ON "chats" USING btree ("user_id","last_message_at");
--> statement-breakpoint
CREATE INDEX "chats_vendor_recent" ON "chats" USING btree ("vendor_id","last_message_at");
--> statement-breakpoint
CREATE TABLE "temp_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"tax_percent" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"offered_price" integer NOT NULL,
	"number_of_products" integer DEFAULT 1 NOT NULL,
	"size" text,
	"color" text,
	"category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temp_products_money" CHECK ("price" >= 0 and "offered_price" >= 0 and "offered_price" <= "price" and "discount" between 0 and 100),
	CONSTRAINT "temp_products_tax" CHECK ("tax_percent" between 0 and 100),
	CONSTRAINT "temp_products_count" CHECK ("number_of_products" >= 1)
);
--> statement-breakpoint
ALTER TABLE "temp_products" ADD CONSTRAINT "temp_products_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "temp_products" ADD CONSTRAINT "temp_products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "temp_products" ADD CONSTRAINT "temp_products_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "temp_products_vendor_created" ON "temp_products" USING btree ("vendor_id","created_at");
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"client_id" text,
	"msg_type" text DEFAULT 'text' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"image" text,
	"caption" text,
	"product_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "chat_messages_type_check" CHECK ("msg_type" in ('text', 'image', 'product', 'auto')),
	CONSTRAINT "chat_messages_status_check" CHECK ("status" in ('pending', 'unread', 'read'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_product_id_temp_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."temp_products"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_chat_seq" ON "chat_messages" USING btree ("chat_id","seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("chat_id","sender_id","client_id") WHERE "chat_messages"."client_id" is not null;
--> statement-breakpoint
CREATE INDEX "chat_messages_unread" ON "chat_messages" USING btree ("receiver_id","chat_id") WHERE "chat_messages"."status" <> 'read';
--> statement-breakpoint
CREATE INDEX "chat_messages_to_remind" ON "chat_messages" USING btree ("created_at") WHERE "chat_messages"."status" <> 'read' and "chat_messages"."reminded_at" is null;
--> statement-breakpoint
CREATE TABLE "chat_vendor_settings" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"auto_reply" text DEFAULT '' NOT NULL,
	"opens_at" smallint,
	"closes_at" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_vendor_settings_hours" CHECK (("opens_at" is null) = ("closes_at" is null) and coalesce("opens_at", 0) between 0 and 1439 and coalesce("closes_at", 0) between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "chat_vendor_settings" ADD CONSTRAINT "chat_vendor_settings_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
