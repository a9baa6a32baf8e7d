CREATE TABLE "closed_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_closed_notices" (
	"date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_closed_notices_date_user_id_pk" PRIMARY KEY("date","user_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_failures" (
	"subscription_id" uuid NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_failures_subscription_id_date_pk" PRIMARY KEY("subscription_id","date")
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"order_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "subscription_orders_order_id_subscription_id_pk" PRIMARY KEY("order_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	CONSTRAINT "subscription_pauses_order" CHECK ("subscription_pauses"."from" <= "subscription_pauses"."to")
);
--> statement-breakpoint
CREATE TABLE "subscription_runs" (
	"date" date PRIMARY KEY NOT NULL,
	"made_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_skips" (
	"subscription_id" uuid NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "subscription_skips_subscription_id_date_pk" PRIMARY KEY("subscription_id","date")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"grams" integer NOT NULL,
	"schedule_kind" text NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"every_n_days" smallint,
	"start_date" date NOT NULL,
	"address_id" uuid,
	"address_label" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"mobile_number" text NOT NULL,
	"pin_code" text NOT NULL,
	"slot_template_id" uuid,
	"payment_method" text NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_grams_positive" CHECK ("subscriptions"."grams" > 0),
	CONSTRAINT "subscriptions_kind" CHECK ("subscriptions"."schedule_kind" in ('daily', 'weekdays', 'everyNDays')),
	CONSTRAINT "subscriptions_every_n_days" CHECK (("subscriptions"."schedule_kind" = 'everyNDays') = ("subscriptions"."every_n_days" is not null) and ("subscriptions"."every_n_days" is null or "subscriptions"."every_n_days" between 2 and 30)),
	CONSTRAINT "subscriptions_payment" CHECK ("subscriptions"."payment_method" in ('COD', 'Khata'))
);
--> statement-breakpoint
ALTER TABLE "shop_profile" ADD COLUMN "subscription_cutoff" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_closed_notices" ADD CONSTRAINT "subscription_closed_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_failures" ADD CONSTRAINT "subscription_failures_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_skips" ADD CONSTRAINT "subscription_skips_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_address_id_saved_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."saved_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_slot_template_id_slot_templates_id_fk" FOREIGN KEY ("slot_template_id") REFERENCES "public"."slot_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_failures_date_idx" ON "subscription_failures" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_orders_once_a_date" ON "subscription_orders" USING btree ("subscription_id","date");--> statement-breakpoint
CREATE INDEX "subscription_orders_date_idx" ON "subscription_orders" USING btree ("date");--> statement-breakpoint
CREATE INDEX "subscription_pauses_subscription_idx" ON "subscription_pauses" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_running_idx" ON "subscriptions" USING btree ("start_date") WHERE "subscriptions"."ends_on" is null;--> statement-breakpoint
ALTER TABLE "shop_profile" ADD CONSTRAINT "shop_profile_subscription_cutoff" CHECK ("shop_profile"."subscription_cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');