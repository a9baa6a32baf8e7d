CREATE TABLE "order_adjustments" (
	"order_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"tax_treatment" text NOT NULL,
	CONSTRAINT "order_adjustments_order_id_source_kind_pk" PRIMARY KEY("order_id","source","kind"),
	CONSTRAINT "order_adjustments_tax_treatment" CHECK ("order_adjustments"."tax_treatment" in ('principal-supply', 'outside-supply')),
	CONSTRAINT "order_adjustments_not_zero" CHECK ("order_adjustments"."amount_paise" <> 0)
);
--> statement-breakpoint
CREATE TABLE "order_events_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"subscriber" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The shipping charge was the only adjustment so far: it becomes the delivery fee row, and the column
-- the sum of the order's adjustments. subtotal_paise (total_paise minus that column) follows the
-- rename unchanged, so the generated column needs no rewrite.
INSERT INTO "order_adjustments" ("order_id", "source", "kind", "label", "amount_paise", "tax_treatment")
SELECT "id", 'delivery', 'fee', 'Delivery charge', "shipping_charge_paise", 'principal-supply'
FROM "orders" WHERE "shipping_charge_paise" <> 0;--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "shipping_charge_paise" TO "adjustments_paise";--> statement-breakpoint
CREATE INDEX "order_events_outbox_due_idx" ON "order_events_outbox" USING btree ("next_attempt_at","id");