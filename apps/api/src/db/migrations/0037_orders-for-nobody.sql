ALTER TABLE "products" DROP CONSTRAINT "products_stock_non_negative";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "city" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "mobile_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "pin_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_whole" CHECK (("orders"."address" is null) = ("orders"."city" is null) and ("orders"."address" is null) = ("orders"."mobile_number" is null) and ("orders"."address" is null) = ("orders"."pin_code" is null));