-- Substitutions (decision 0043): each order line keeps the shopper's wish when its product is
-- short ('similar', 'call' or 'skip', the default, which every earlier line gets), and what was
-- sent in its place when packed with a substitute. A deleted substitute product leaves the line
-- (set null), with its name, rate, HSN code and GST rate kept as sent.
ALTER TABLE "order_items" ADD COLUMN "substitution" text DEFAULT 'skip' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_rate_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_gst_rate" smallint;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_substitute_product_idx" ON "order_items" USING btree ("substitute_product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitution_known" CHECK ("order_items"."substitution" in ('similar', 'call', 'skip'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_whole" CHECK (("order_items"."substitute_name" is null) = ("order_items"."substitute_rate_paise" is null) and ("order_items"."substitute_name" is null) = ("order_items"."substitute_hsn_code" is null) and ("order_items"."substitute_name" is null) = ("order_items"."substitute_gst_rate" is null));
