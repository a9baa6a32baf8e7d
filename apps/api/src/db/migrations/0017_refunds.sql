-- The refund of a paid order the shop cancelled (decision 0032): kept on the order beside its
-- payment, at most one, written with the cancel in the order's locked transaction.
ALTER TABLE "orders" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_method" CHECK ("orders"."refund_method" is null or "orders"."refund_method" in ('Cash', 'UPI', 'Khata'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_whole" CHECK (("orders"."refund_method" is null) = ("orders"."refunded_at" is null) and ("orders"."refund_method" is null) = ("orders"."refund_amount_paise" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_amount_positive" CHECK ("orders"."refund_amount_paise" is null or "orders"."refund_amount_paise" > 0);
