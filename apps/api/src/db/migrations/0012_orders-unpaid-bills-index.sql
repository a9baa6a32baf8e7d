CREATE INDEX "orders_unpaid_bills_idx" ON "orders" USING btree ("status","total_paise") WHERE "orders"."invoice_number" is not null and "orders"."paid_at" is null;
