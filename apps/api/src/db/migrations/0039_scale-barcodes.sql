CREATE TABLE "barcode_rules" (
	"prefix" text PRIMARY KEY NOT NULL,
	"value_kind" text NOT NULL,
	CONSTRAINT "barcode_rules_prefix" CHECK ("barcode_rules"."prefix" ~ '^2[0-9]$'),
	CONSTRAINT "barcode_rules_value_kind" CHECK ("barcode_rules"."value_kind" in ('weight', 'price'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "plu" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "products_plu_unique" ON "products" USING btree ("plu") WHERE "products"."plu" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_plu_range" CHECK ("products"."plu" is null or "products"."plu" between 1 and 99999);--> statement-breakpoint
-- The contract's default rules: 21 codes carry a weight in grams, 23 a price in paise.
INSERT INTO "barcode_rules" ("prefix", "value_kind") VALUES ('21', 'weight'), ('23', 'price');
