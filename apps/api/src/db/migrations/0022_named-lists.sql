-- Named lists (decision 0042): a shopper's own lists ("Weekly sabzi"), each a set of products with
-- a quantity in thousandths of the product's unit. They go with the user (cascade); a deleted
-- product leaves its lists (cascade on the item).
CREATE TABLE "shopping_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_lists_name_length" CHECK (char_length("shopping_lists"."name") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "shopping_list_items" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity_grams" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "shopping_list_items_list_id_product_id_pk" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "shopping_list_items_quantity_positive" CHECK ("shopping_list_items"."quantity_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "shopping_lists" ADD CONSTRAINT "shopping_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_list_id_shopping_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shopping_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_lists_user_name_unique" ON "shopping_lists" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shopping_list_items_product_idx" ON "shopping_list_items" USING btree ("product_id");
