CREATE TABLE "order_delivery" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"fee_paise" integer DEFAULT 0 NOT NULL,
	"free_above_paise" integer,
	"slot_template_id" uuid,
	"slot_start_minute" smallint,
	"slot_end_minute" smallint,
	CONSTRAINT "order_delivery_slot_whole" CHECK (("order_delivery"."slot_template_id" is null) = ("order_delivery"."slot_start_minute" is null) and ("order_delivery"."slot_template_id" is null) = ("order_delivery"."slot_end_minute" is null))
);
--> statement-breakpoint
CREATE TABLE "khata_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_terms";
--> statement-breakpoint
ALTER TABLE "coupon_uses" DROP CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk";
--> statement-breakpoint
DROP INDEX "orders_khata_user_idx";
--> statement-breakpoint
DROP INDEX "orders_slot_idx";
--> statement-breakpoint
DROP INDEX "coupon_uses_coupon_user_unique";
--> statement-breakpoint
ALTER TABLE "coupon_uses" ALTER COLUMN "coupon_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD COLUMN "terms" jsonb;
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD COLUMN "released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;
--> statement-breakpoint
ALTER TABLE "order_delivery" ADD CONSTRAINT "order_delivery_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "khata_orders" ADD CONSTRAINT "khata_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "khata_orders" ADD CONSTRAINT "khata_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_delivery_slot_idx" ON "order_delivery" USING btree ("slot_template_id");
--> statement-breakpoint
CREATE INDEX "khata_orders_user_idx" ON "khata_orders" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_coupon_user_unique" ON "coupon_uses" USING btree ("coupon_id","user_id") WHERE "coupon_uses"."released_at" is null;
--> statement-breakpoint
-- Each module's part of an order moves to its own table (decision 0058), with its data.
UPDATE "orders" SET "delivery_date" = "slot_date";
--> statement-breakpoint
INSERT INTO "order_delivery" ("order_id", "fee_paise", "free_above_paise", "slot_template_id", "slot_start_minute", "slot_end_minute")
SELECT "id", "delivery_fee_paise", "free_above_paise", "slot_template_id", "slot_start_minute", "slot_end_minute" FROM "orders"
WHERE "delivery_fee_paise" <> 0 OR "free_above_paise" IS NOT NULL OR "slot_template_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "khata_orders" ("order_id", "user_id") SELECT "id", "user_id" FROM "orders" WHERE "payment_terms" = 'Khata';
--> statement-breakpoint
UPDATE "coupon_uses" SET "terms" = "orders"."coupon" FROM "orders" WHERE "orders"."id" = "coupon_uses"."order_id" AND "orders"."coupon" IS NOT NULL;
--> statement-breakpoint
-- A cancel deleted the use; the order kept its coupon: the use comes back, given back at the cancel.
INSERT INTO "coupon_uses" ("order_id", "coupon_id", "user_id", "terms", "released_at", "created_at")
SELECT o."id", c."id", o."user_id", o."coupon", o."created_at", o."created_at" FROM "orders" o
LEFT JOIN "coupons" c ON c."code" = o."coupon"->>'code'
WHERE o."coupon" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "coupon_uses" u WHERE u."order_id" = o."id");
--> statement-breakpoint
DELETE FROM "coupon_uses" WHERE "terms" IS NULL;
--> statement-breakpoint
ALTER TABLE "coupon_uses" ALTER COLUMN "terms" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "delivery_fee_paise";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "free_above_paise";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "slot_template_id";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "slot_date";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "slot_start_minute";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "slot_end_minute";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_terms";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "coupon";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel" CHECK ("orders"."channel" in ('online', 'counter', 'subscription'));
