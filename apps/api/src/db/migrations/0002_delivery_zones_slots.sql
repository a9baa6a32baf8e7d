CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"pin_prefixes" text[] NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"delivery_fee_paise" integer DEFAULT 0 NOT NULL,
	"free_above_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_min_order_non_negative" CHECK ("delivery_zones"."min_order_paise" >= 0),
	CONSTRAINT "delivery_zones_fee_non_negative" CHECK ("delivery_zones"."delivery_fee_paise" >= 0),
	CONSTRAINT "delivery_zones_free_above_non_negative" CHECK ("delivery_zones"."free_above_paise" is null or "delivery_zones"."free_above_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slot_bookings" (
	"template_id" uuid NOT NULL,
	"date" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_bookings_template_id_date_pk" PRIMARY KEY("template_id","date"),
	CONSTRAINT "slot_bookings_booked_non_negative" CHECK ("slot_bookings"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slot_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"days" smallint[] NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"capacity" integer,
	"cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"zone_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_templates_times" CHECK (0 <= "slot_templates"."start_minute" and "slot_templates"."start_minute" < "slot_templates"."end_minute" and "slot_templates"."end_minute" <= 1440),
	CONSTRAINT "slot_templates_capacity_positive" CHECK ("slot_templates"."capacity" is null or "slot_templates"."capacity" >= 1),
	CONSTRAINT "slot_templates_cutoff_non_negative" CHECK ("slot_templates"."cutoff_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_charge_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_paise" integer GENERATED ALWAYS AS (total_paise - shipping_charge_paise) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_template_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_start_minute" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_end_minute" smallint;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_template_id_slot_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."slot_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("slot_date","slot_template_id");