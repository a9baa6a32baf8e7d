ALTER TABLE "khata_accounts" ALTER COLUMN "balance_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "khata_entries" ALTER COLUMN "balance_after_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_messages_recipient_idx" ON "notification_messages" USING btree ("recipient","created_at");