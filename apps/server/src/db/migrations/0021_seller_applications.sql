-- Seller applications (docs/decisions/014-seller-application.md): one per person, apart from vendors (live stores).
-- PAN and bank account number are stored encrypted (lib/secret-box.ts) with their last 4 characters beside them.
CREATE TABLE "seller_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"brand_name" text NOT NULL,
	"seller_name" text NOT NULL,
	"slug" text NOT NULL,
	"vendor_categories" text[] DEFAULT '{}' NOT NULL,
	"product_category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"pan_encrypted" text,
	"pan_last4" text,
	"facebook_link" text DEFAULT '' NOT NULL,
	"calling_number" text DEFAULT '' NOT NULL,
	"whatsapp_number" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"gst_registered" boolean,
	"gstin" text,
	"billing_address" text,
	"billing_city" text,
	"billing_pincode" text,
	"billing_state" text,
	"billing_country" text,
	"shipping_address" text,
	"shipping_city" text,
	"shipping_pincode" text,
	"shipping_state" text,
	"shipping_country" text,
	"bank_holder_name" text,
	"bank_account_encrypted" text,
	"bank_account_last4" text,
	"bank_ifsc" text,
	"bank_branch" text,
	"details_submitted_at" timestamp with time zone,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_applications_status" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "seller_applications" ADD CONSTRAINT "seller_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_applications" ADD CONSTRAINT "seller_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_applications_user" ON "seller_applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_applications_slug" ON "seller_applications" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "seller_applications_queue" ON "seller_applications" USING btree ("status","created_at" DESC NULLS LAST);
