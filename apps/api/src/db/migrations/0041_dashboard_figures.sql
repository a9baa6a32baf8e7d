CREATE TABLE "dashboard_order_figures" (
	"shop_date" date NOT NULL,
	"status" "order_status" NOT NULL,
	"orders" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "dashboard_order_figures_shop_date_status_pk" PRIMARY KEY("shop_date","status")
);
--> statement-breakpoint
CREATE TABLE "dashboard_product_figures" (
	"shop_date" date NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"lines" integer NOT NULL,
	"quantity_grams" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "dashboard_product_figures_key" UNIQUE NULLS NOT DISTINCT("shop_date","product_id","name","unit")
);
--> statement-breakpoint
-- The figures of the orders already there (decision 0066), counted as dashboard.figures.ts's
-- recountFigures counts them: per shop date placed (UTC + 5:30) and status; the lines of the orders
-- not cancelled per product, name and unit. The status is compared as text: a database migrated
-- from before 0002 runs every pending migration in one transaction, where the enum value added by
-- 0002 may not be named.
INSERT INTO "dashboard_order_figures" ("shop_date", "status", "orders", "total_paise")
SELECT ((o."created_at" AT TIME ZONE 'UTC') + INTERVAL '330 minutes')::date, o."status", count(*), sum(o."total_paise")
FROM "orders" o
GROUP BY 1, o."status";
--> statement-breakpoint
INSERT INTO "dashboard_product_figures" ("shop_date", "product_id", "name", "unit", "lines", "quantity_grams", "amount_paise")
SELECT ((o."created_at" AT TIME ZONE 'UTC') + INTERVAL '330 minutes')::date, oi."product_id", oi."name", oi."unit", count(*),
       sum(coalesce(oi."packed_grams", oi."quantity_grams")), sum(oi."amount_paise")
FROM "orders" o JOIN "order_items" oi ON oi."order_id" = o."id"
WHERE o."status"::text <> 'Cancelled'
GROUP BY 1, oi."product_id", oi."name", oi."unit";
