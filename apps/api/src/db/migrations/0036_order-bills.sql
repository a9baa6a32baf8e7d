CREATE TABLE "order_bills" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"invoice_number" text,
	"invoice_series" text,
	"invoice_year" text,
	"invoice_seq" integer,
	"invoiced_at" timestamp with time zone,
	"payment_method" text,
	"payment_reference" text,
	"paid_paise" integer,
	"paid_at" timestamp with time zone,
	"payment_recorded_by" uuid,
	"refund_method" text,
	"refund_reference" text,
	"refund_amount_paise" integer,
	"refunded_at" timestamp with time zone,
	"refunded_by" uuid,
	CONSTRAINT "order_bills_payment_method" CHECK ("order_bills"."payment_method" is null or "order_bills"."payment_method" in ('Cash', 'UPI', 'Khata')),
	CONSTRAINT "order_bills_refund_method" CHECK ("order_bills"."refund_method" is null or "order_bills"."refund_method" in ('Cash', 'UPI', 'Khata')),
	CONSTRAINT "order_bills_refund_whole" CHECK (("order_bills"."refund_method" is null) = ("order_bills"."refunded_at" is null) and ("order_bills"."refund_method" is null) = ("order_bills"."refund_amount_paise" is null)),
	CONSTRAINT "order_bills_refund_amount_positive" CHECK ("order_bills"."refund_amount_paise" is null or "order_bills"."refund_amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_method";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_whole";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_amount_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_recorded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refunded_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "orders_invoice_number_unique";--> statement-breakpoint
DROP INDEX "orders_invoice_series_year_seq_unique";--> statement-breakpoint
DROP INDEX "orders_invoiced_idx";--> statement-breakpoint
DROP INDEX "orders_unpaid_bills_idx";--> statement-breakpoint
DROP INDEX "orders_cash_paid_idx";--> statement-breakpoint
ALTER TABLE "order_bills" ADD CONSTRAINT "order_bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bills" ADD CONSTRAINT "order_bills_payment_recorded_by_users_id_fk" FOREIGN KEY ("payment_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bills" ADD CONSTRAINT "order_bills_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_bills_invoice_number_unique" ON "order_bills" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_bills_series_year_seq_unique" ON "order_bills" USING btree ("invoice_series","invoice_year","invoice_seq");--> statement-breakpoint
CREATE INDEX "order_bills_invoiced_idx" ON "order_bills" USING btree ("invoiced_at");--> statement-breakpoint
CREATE INDEX "order_bills_unpaid_idx" ON "order_bills" USING btree ("order_id") WHERE "order_bills"."invoice_number" is not null and "order_bills"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "order_bills_cash_paid_idx" ON "order_bills" USING btree ("paid_at") WHERE "order_bills"."payment_method" = 'Cash';--> statement-breakpoint
-- Billing's part of an order moves to its own table (decision 0058), with its data.
INSERT INTO "order_bills" ("order_id", "invoice_number", "invoice_series", "invoice_year", "invoice_seq", "invoiced_at",
  "payment_method", "payment_reference", "paid_paise", "paid_at", "payment_recorded_by",
  "refund_method", "refund_reference", "refund_amount_paise", "refunded_at", "refunded_by")
SELECT "id", "invoice_number", "invoice_series", "invoice_year", "invoice_seq", "invoiced_at",
  "payment_method", "payment_reference", "paid_paise", "paid_at", "payment_recorded_by",
  "refund_method", "refund_reference", "refund_amount_paise", "refunded_at", "refunded_by"
FROM "orders"
WHERE "invoice_number" IS NOT NULL OR "payment_method" IS NOT NULL OR "refund_method" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_number";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_series";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_year";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_seq";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoiced_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_method";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_reference";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paid_paise";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_recorded_by";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_method";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_reference";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_amount_paise";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_by";