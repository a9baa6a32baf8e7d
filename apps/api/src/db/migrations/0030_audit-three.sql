DROP INDEX "order_events_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "khata_accounts" ALTER COLUMN "balance_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "khata_entries" ALTER COLUMN "balance_after_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events_outbox" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_messages_recipient_idx" ON "notification_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "order_events_outbox_due_idx" ON "order_events_outbox" USING btree ("next_attempt_at","id") WHERE "order_events_outbox"."parked_at" is null;