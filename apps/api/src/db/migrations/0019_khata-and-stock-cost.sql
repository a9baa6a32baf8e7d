CREATE TABLE "khata_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"customer_name" text NOT NULL,
	"mobile" text,
	"credit_limit_paise" integer,
	"balance_paise" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" uuid,
	CONSTRAINT "khata_accounts_limit_non_negative" CHECK ("khata_accounts"."credit_limit_paise" is null or "khata_accounts"."credit_limit_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "khata_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "khata_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"method" text,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "khata_entries_kind_known" CHECK ("khata_entries"."kind" in ('bill', 'adjustment', 'reversal', 'payment')),
	CONSTRAINT "khata_entries_amount_not_zero" CHECK ("khata_entries"."amount_paise" <> 0),
	CONSTRAINT "khata_entries_method_known" CHECK ("khata_entries"."method" is null or "khata_entries"."method" in ('Cash', 'UPI')),
	CONSTRAINT "khata_entries_payment_has_method" CHECK (("khata_entries"."kind" = 'payment') = ("khata_entries"."method" is not null)),
	CONSTRAINT "khata_entries_payment_credits" CHECK ("khata_entries"."kind" <> 'payment' or "khata_entries"."amount_paise" < 0),
	CONSTRAINT "khata_entries_bill_debits" CHECK ("khata_entries"."kind" <> 'bill' or "khata_entries"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "wastage_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"unit" text DEFAULT 'kg' NOT NULL,
	"quantity_grams" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cost_rate_paise" integer,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wastage_entries_quantity_positive" CHECK ("wastage_entries"."quantity_grams" > 0),
	CONSTRAINT "wastage_entries_cost_non_negative" CHECK ("wastage_entries"."cost_paise" >= 0),
	CONSTRAINT "wastage_entries_reason_known" CHECK ("wastage_entries"."reason" in ('rotten', 'damaged', 'dried', 'own-use', 'other'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cost_rate_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text DEFAULT 'COD' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cost_rate_paise" integer;--> statement-breakpoint
ALTER TABLE "khata_accounts" ADD CONSTRAINT "khata_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_accounts" ADD CONSTRAINT "khata_accounts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_account_id_khata_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."khata_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wastage_entries" ADD CONSTRAINT "wastage_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wastage_entries" ADD CONSTRAINT "wastage_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "khata_accounts_user_unique" ON "khata_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "khata_accounts_balance_idx" ON "khata_accounts" USING btree ("balance_paise" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "khata_entries_account_idx" ON "khata_entries" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "khata_entries_order_idx" ON "khata_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "khata_entries_one_bill_per_order" ON "khata_entries" USING btree ("order_id") WHERE "khata_entries"."kind" = 'bill';--> statement-breakpoint
CREATE UNIQUE INDEX "khata_entries_one_reversal_per_order" ON "khata_entries" USING btree ("order_id") WHERE "khata_entries"."kind" = 'reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "khata_entries_upi_once" ON "khata_entries" USING btree ("account_id","reference") WHERE "khata_entries"."kind" = 'payment' and "khata_entries"."method" = 'UPI';--> statement-breakpoint
CREATE INDEX "khata_entries_cash_idx" ON "khata_entries" USING btree ("created_at") WHERE "khata_entries"."kind" = 'payment' and "khata_entries"."method" = 'Cash';--> statement-breakpoint
CREATE INDEX "wastage_entries_created_idx" ON "wastage_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wastage_entries_product_idx" ON "wastage_entries" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_khata_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_terms" = 'Khata';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_terms" CHECK ("orders"."payment_terms" in ('COD', 'Khata'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('Cash', 'UPI', 'Khata'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_rate_non_negative" CHECK ("products"."cost_rate_paise" is null or "products"."cost_rate_paise" >= 0);