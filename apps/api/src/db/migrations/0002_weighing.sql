ALTER TYPE "public"."order_status" ADD VALUE 'Cancelled';--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "packed_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "amount_paise" integer;--> statement-breakpoint
-- Existing lines were never packed: their amount is rate × ordered weight, rounded half up to the paisa.
UPDATE "order_items" SET "amount_paise" = ("rate_paise"::bigint * "quantity_grams" + 500) / 1000;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "amount_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_total_paise" integer;--> statement-breakpoint
-- Existing orders were never packed: the estimate is the total they were placed with.
UPDATE "orders" SET "estimated_total_paise" = "total_paise";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "estimated_total_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_non_negative" CHECK ("order_items"."quantity_grams" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_packed_non_negative" CHECK ("order_items"."packed_grams" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_amount_non_negative" CHECK ("order_items"."amount_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_non_negative" CHECK ("orders"."total_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_estimated_total_non_negative" CHECK ("orders"."estimated_total_paise" >= 0);--> statement-breakpoint
-- An order already Shipped or Delivered left the shop at its ordered weights (shipping an unpacked
-- order packs it at them): record it as packed, at its placing time, the only time known.
UPDATE "order_items" SET "packed_grams" = "quantity_grams" FROM "orders"
  WHERE "orders"."id" = "order_items"."order_id" AND "orders"."status" IN ('Shipped', 'Delivered');--> statement-breakpoint
UPDATE "orders" SET "packed_at" = "created_at" WHERE "status" IN ('Shipped', 'Delivered');
