CREATE TABLE "cash_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"expected_cash_paise" integer NOT NULL,
	"collected_cash_paise" integer NOT NULL,
	"counted_cash_paise" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_closes_expected_non_negative" CHECK ("cash_closes"."expected_cash_paise" >= 0),
	CONSTRAINT "cash_closes_collected_non_negative" CHECK ("cash_closes"."collected_cash_paise" >= 0),
	CONSTRAINT "cash_closes_counted_non_negative" CHECK ("cash_closes"."counted_cash_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_closes_date_idx" ON "cash_closes" USING btree ("date","closed_at");--> statement-breakpoint
CREATE INDEX "orders_cash_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."payment_method" = 'Cash';
