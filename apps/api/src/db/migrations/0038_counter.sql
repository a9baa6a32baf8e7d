CREATE TABLE "counter_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "counter_devices_series_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scale" jsonb,
	"printer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_devices_name_length" CHECK (char_length("counter_devices"."name") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "counter_sales" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"client_sale_id" uuid NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"offline" boolean NOT NULL,
	"customer_id" uuid,
	"tenders" jsonb NOT NULL,
	"change_paise" integer DEFAULT 0 NOT NULL,
	"sources" jsonb NOT NULL,
	"sold_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_sales_change_non_negative" CHECK ("counter_sales"."change_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_bills" DROP CONSTRAINT "order_bills_payment_method";--> statement-breakpoint
ALTER TABLE "khata_orders" ADD COLUMN "amount_paise" integer;--> statement-breakpoint
ALTER TABLE "khata_orders" ADD COLUMN "passes_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "khata_orders" ADD COLUMN "over_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_device_id_counter_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."counter_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_devices_series_unique" ON "counter_devices" USING btree ("series_number");--> statement-breakpoint
CREATE UNIQUE INDEX "counter_sales_device_client_unique" ON "counter_sales" USING btree ("device_id","client_sale_id");--> statement-breakpoint
CREATE INDEX "counter_sales_sold_idx" ON "counter_sales" USING btree ("sold_at");--> statement-breakpoint
CREATE INDEX "counter_sales_device_sold_idx" ON "counter_sales" USING btree ("device_id","sold_at");--> statement-breakpoint
ALTER TABLE "order_bills" ADD CONSTRAINT "order_bills_payment_method" CHECK ("order_bills"."payment_method" is null or "order_bills"."payment_method" in ('Cash', 'UPI', 'Khata', 'Split'));