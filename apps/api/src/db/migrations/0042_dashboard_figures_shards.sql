-- Today's Processing orders in up to 16 rows a read adds up (decision 0066, "Today's row"): every
-- transaction adds to its connection's row. The rows there become shard 0.
ALTER TABLE "dashboard_order_figures" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_order_figures" DROP CONSTRAINT "dashboard_order_figures_shop_date_status_pk";--> statement-breakpoint
ALTER TABLE "dashboard_order_figures" ADD CONSTRAINT "dashboard_order_figures_shop_date_status_shard_pk" PRIMARY KEY("shop_date","status","shard");
