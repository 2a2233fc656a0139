CREATE TYPE "public"."role" AS ENUM('user', 'vendor', 'admin');--> statement-breakpoint
CREATE TYPE "public"."size" AS ENUM('xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" "role" DEFAULT 'user' NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"mobile_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"picture" text DEFAULT '' NOT NULL,
	"google_sub" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"mobile_image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hsn_code" text,
	"gst_rate" integer DEFAULT 5 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crazy_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"link" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "festive_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_colors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"color" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_colors_quantity" CHECK ("product_colors"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_festive_offers" (
	"product_id" uuid NOT NULL,
	"festive_offer_id" uuid NOT NULL,
	CONSTRAINT "product_festive_offers_product_id_festive_offer_id_pk" PRIMARY KEY("product_id","festive_offer_id")
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"product_id" uuid NOT NULL,
	"size" "size" NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sizes_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_sizes_quantity" CHECK ("product_sizes"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" integer NOT NULL,
	"offered_price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"is_free_size" boolean DEFAULT false NOT NULL,
	"free_size_qty" integer DEFAULT 0 NOT NULL,
	"is_color_options" boolean DEFAULT false NOT NULL,
	"category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"style_id" uuid,
	"state_id" uuid,
	"vendor_id" uuid NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"hsn_code" text,
	"is_trending" boolean DEFAULT false NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_positive" CHECK ("products"."price" > 0 and "products"."offered_price" > 0 and "products"."offered_price" <= "products"."price"),
	CONSTRAINT "products_discount_range" CHECK ("products"."discount" between 0 and 100),
	CONSTRAINT "products_free_size_qty" CHECK ("products"."free_size_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"video" text,
	"slogan" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategory_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subcategory_id" uuid NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_section" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_user_id" uuid NOT NULL,
	"image" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"seller_name" text NOT NULL,
	"slug" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"policy_html" text DEFAULT '' NOT NULL,
	"size_chart" text DEFAULT '' NOT NULL,
	"pickup_pincode" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"gstin" text,
	"registration_step" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_colors" ADD CONSTRAINT "product_colors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_festive_offers" ADD CONSTRAINT "product_festive_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_festive_offers" ADD CONSTRAINT "product_festive_offers_festive_offer_id_festive_offers_id_fk" FOREIGN KEY ("festive_offer_id") REFERENCES "public"."festive_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_cards" ADD CONSTRAINT "subcategory_cards_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_section" ADD CONSTRAINT "vendor_section_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null and "users"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_live" ON "users" USING btree ("mobile") WHERE "users"."deleted_at" is null and "users"."mobile" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub" ON "users" USING btree ("google_sub") WHERE "users"."google_sub" is not null;--> statement-breakpoint
CREATE INDEX "users_role" ON "users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "festive_offers_slug" ON "festive_offers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_colors_product_color" ON "product_colors" USING btree ("product_id","color");--> statement-breakpoint
CREATE INDEX "product_festive_offer" ON "product_festive_offers" USING btree ("festive_offer_id","product_id");--> statement-breakpoint
CREATE INDEX "product_sizes_in_stock" ON "product_sizes" USING btree ("size","product_id") WHERE "product_sizes"."quantity" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_created" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_category_created" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_subcategory_created" ON "products" USING btree ("subcategory_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_style_created" ON "products" USING btree ("style_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_state_created" ON "products" USING btree ("state_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_vendor_created" ON "products" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_offered_price" ON "products" USING btree ("offered_price");--> statement-breakpoint
CREATE INDEX "products_sales" ON "products" USING btree ("sales_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_trending_created" ON "products" USING btree ("created_at" DESC NULLS LAST) WHERE "products"."is_trending";--> statement-breakpoint
CREATE INDEX "products_search" ON "products" USING gin (to_tsvector('english', "search_text"));--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "states_slug" ON "states" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "states_name" ON "states" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "styles_slug" ON "styles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_category_slug" ON "subcategories" USING btree ("category_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_user" ON "vendors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_slug" ON "vendors" USING btree ("slug");