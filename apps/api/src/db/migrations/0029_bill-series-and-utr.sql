-- Decision 0055: bill numbers of at most 16 characters in series, a UTR that pays once across the
-- shop, and a payment that keeps its amount. Numbers issued before keep their form; their series
-- is the part before the first "/".
ALTER TABLE "orders" ADD COLUMN "invoice_series" text;--> statement-breakpoint
UPDATE "orders" SET "invoice_series" = split_part("invoice_number", '/', 1) WHERE "invoice_number" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_invoice_year_seq_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_series_year_seq_unique" ON "orders" USING btree ("invoice_series","invoice_year","invoice_seq");--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "series" text;--> statement-breakpoint
-- A year's counter belonged to the series its last bill was numbered in.
UPDATE "invoice_counters" AS c SET "series" = coalesce(
  (SELECT o."invoice_series" FROM "orders" o WHERE o."invoice_year" = c."financial_year" ORDER BY o."invoice_seq" DESC LIMIT 1),
  'MANDI'
);--> statement-breakpoint
ALTER TABLE "invoice_counters" ALTER COLUMN "series" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_pkey";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("series","financial_year");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_paise" integer;--> statement-breakpoint
-- Before this, a refund repaid the order's total: the best record of what those payments took.
UPDATE "orders" SET "paid_paise" = "total_paise" WHERE "payment_method" IN ('Cash', 'UPI');--> statement-breakpoint
CREATE TABLE "upi_references" (
	"utr" text PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"khata_account_id" uuid,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upi_references_utr_digits" CHECK ("upi_references"."utr" ~ '^[0-9]{12}$')
);--> statement-breakpoint
ALTER TABLE "upi_references" ADD CONSTRAINT "upi_references_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_references" ADD CONSTRAINT "upi_references_khata_account_id_khata_accounts_id_fk" FOREIGN KEY ("khata_account_id") REFERENCES "public"."khata_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The UTRs already accepted, the first use of each kept: from now on a second use is refused.
INSERT INTO "upi_references" ("utr", "order_id", "khata_account_id", "used_at")
SELECT "utr", "order_id", "khata_account_id", "used_at" FROM (
  SELECT "payment_reference" AS "utr", "id" AS "order_id", NULL::uuid AS "khata_account_id", coalesce("paid_at", "created_at") AS "used_at"
    FROM "orders" WHERE "payment_method" = 'UPI' AND "payment_reference" ~ '^[0-9]{12}$'
  UNION ALL
  SELECT "reference", NULL::uuid, "account_id", "created_at"
    FROM "khata_entries" WHERE "kind" = 'payment' AND "method" = 'UPI' AND "reference" ~ '^[0-9]{12}$'
) AS used ORDER BY "used_at"
ON CONFLICT ("utr") DO NOTHING;
