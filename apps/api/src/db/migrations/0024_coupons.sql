-- Coupons (decision 0044): codes the shop gives out, a discount on an order's lines, written as
-- the order's coupon/discount adjustment. `coupon_uses` holds one row per order that used a code
-- (unique per shopper and code); an order keeps the coupon's terms as placed, so packing judges
-- the discount again by them whatever the coupon says later. The discount adjustment lowers the
-- taxable value of the lines: a third tax treatment, 'discount'.
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_paise" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"max_uses" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('flat', 'percent')),
	CONSTRAINT "coupons_value" CHECK ("coupons"."value" > 0 and ("coupons"."kind" = 'flat' or "coupons"."value" <= 90)),
	CONSTRAINT "coupons_dates" CHECK ("coupons"."valid_from" <= "coupons"."valid_to"),
	CONSTRAINT "coupons_max_uses" CHECK ("coupons"."max_uses" is null or "coupons"."max_uses" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_coupon_user_unique" ON "coupon_uses" USING btree ("coupon_id","user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon" jsonb;--> statement-breakpoint
ALTER TABLE "order_adjustments" DROP CONSTRAINT "order_adjustments_tax_treatment";--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_tax_treatment" CHECK ("order_adjustments"."tax_treatment" in ('principal-supply', 'outside-supply', 'discount'));
