CREATE TABLE "stock_changes" (
	"version" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"availability" boolean NOT NULL,
	CONSTRAINT "stock_changes_version_product_id_pk" PRIMARY KEY("version","product_id")
);
