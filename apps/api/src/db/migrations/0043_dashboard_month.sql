CREATE TABLE "dashboard_month_window" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"first_date" date NOT NULL,
	CONSTRAINT "dashboard_month_window_one_row" CHECK ("dashboard_month_window"."one")
);
--> statement-breakpoint
CREATE TABLE "dashboard_product_month" (
	"product_id" uuid,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"lines" integer NOT NULL,
	"quantity_grams" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "dashboard_product_month_key" UNIQUE NULLS NOT DISTINCT("product_id","name","unit")
);
--> statement-breakpoint
-- The month's window starts 29 shop dates before today's (UTC + 5:30), and adds up the product
-- figures kept since (decision 0072), as dashboard.figures.ts's recountMonth does.
INSERT INTO "dashboard_month_window" ("first_date")
VALUES (((now() AT TIME ZONE 'UTC') + INTERVAL '330 minutes')::date - 29);
--> statement-breakpoint
INSERT INTO "dashboard_product_month" ("product_id", "name", "unit", "lines", "quantity_grams", "amount_paise")
SELECT f."product_id", f."name", f."unit", sum(f."lines"), sum(f."quantity_grams"), sum(f."amount_paise")
FROM "dashboard_product_figures" f, "dashboard_month_window" w
WHERE f."shop_date" >= w."first_date"
GROUP BY f."product_id", f."name", f."unit"
HAVING sum(f."lines") <> 0 OR sum(f."quantity_grams") <> 0 OR sum(f."amount_paise") <> 0;
