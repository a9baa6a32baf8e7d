CREATE TABLE "purchase_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	"amount_paise" integer NOT NULL,
	CONSTRAINT "purchase_charges_amount_non_negative" CHECK ("purchase_charges"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"unit" text DEFAULT 'kg' NOT NULL,
	"gross_grams" integer NOT NULL,
	"tare_grams" integer DEFAULT 0 NOT NULL,
	"net_grams" integer NOT NULL,
	"rate_paise" integer NOT NULL,
	"value_paise" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"charges_paise" integer NOT NULL,
	"landed_paise" integer NOT NULL,
	"landed_rate_paise" integer NOT NULL,
	CONSTRAINT "purchase_lines_net" CHECK ("purchase_lines"."net_grams" > 0 and "purchase_lines"."net_grams" = "purchase_lines"."gross_grams" - "purchase_lines"."tare_grams"),
	CONSTRAINT "purchase_lines_tare_non_negative" CHECK ("purchase_lines"."tare_grams" >= 0),
	CONSTRAINT "purchase_lines_rate_positive" CHECK ("purchase_lines"."rate_paise" > 0),
	CONSTRAINT "purchase_lines_landed_adds_up" CHECK ("purchase_lines"."landed_paise" = "purchase_lines"."value_paise" + "purchase_lines"."commission_paise" + "purchase_lines"."charges_paise")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"date" date NOT NULL,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"value_paise" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"charges_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_commission_range" CHECK ("purchases"."commission_basis_points" between 0 and 10000),
	CONSTRAINT "purchases_amounts_non_negative" CHECK ("purchases"."value_paise" >= 0 and "purchases"."commission_paise" >= 0 and "purchases"."charges_paise" >= 0),
	CONSTRAINT "purchases_total_adds_up" CHECK ("purchases"."total_paise" = "purchases"."value_paise" + "purchases"."commission_paise" + "purchases"."charges_paise")
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_amount_positive" CHECK ("supplier_payments"."amount_paise" > 0),
	CONSTRAINT "supplier_payments_method_known" CHECK ("supplier_payments"."method" in ('Cash', 'UPI', 'Bank'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_charges" ADD CONSTRAINT "purchase_charges_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_charges_position_unique" ON "purchase_charges" USING btree ("purchase_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_lines_position_unique" ON "purchase_lines" USING btree ("purchase_id","position");--> statement-breakpoint
CREATE INDEX "purchase_lines_product_idx" ON "purchase_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "purchases_date_idx" ON "purchases" USING btree ("date","created_at");--> statement-breakpoint
CREATE INDEX "purchases_supplier_idx" ON "purchases" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_unique" ON "suppliers" USING btree (lower("name"));