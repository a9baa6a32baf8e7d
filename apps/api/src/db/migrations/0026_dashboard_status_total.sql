-- The dashboard counts orders per status and sums the delivered totals from this index alone (decision 0047).
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_status_total_idx" ON "orders" USING btree ("status","total_paise");