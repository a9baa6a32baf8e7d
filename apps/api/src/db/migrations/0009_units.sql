ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_known" CHECK ("products"."unit" in ('kg', 'litre', 'piece', 'dozen', 'bunch', 'pack'));--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit" text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_unit_known" CHECK ("order_items"."unit" in ('kg', 'litre', 'piece', 'dozen', 'bunch', 'pack'));
