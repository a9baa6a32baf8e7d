ALTER TABLE "khata_entries" DROP CONSTRAINT "khata_entries_kind_known";--> statement-breakpoint
ALTER TABLE "khata_entries" DROP CONSTRAINT "khata_entries_payment_has_method";--> statement-breakpoint
DROP INDEX "order_events_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "khata_accounts" ALTER COLUMN "balance_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "khata_entries" ALTER COLUMN "balance_after_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "whatsapp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events_outbox" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "khata_entries_cash_out_idx" ON "khata_entries" USING btree ("created_at") WHERE "khata_entries"."kind" = 'payout' and "khata_entries"."method" = 'Cash';--> statement-breakpoint
CREATE INDEX "notification_messages_recipient_idx" ON "notification_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "order_events_outbox_due_idx" ON "order_events_outbox" USING btree ("next_attempt_at","id") WHERE "order_events_outbox"."parked_at" is null;--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_payout_debits" CHECK ("khata_entries"."kind" <> 'payout' or "khata_entries"."amount_paise" > 0);--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_kind_known" CHECK ("khata_entries"."kind" in ('bill', 'adjustment', 'reversal', 'payment', 'payout'));--> statement-breakpoint
ALTER TABLE "khata_entries" ADD CONSTRAINT "khata_entries_payment_has_method" CHECK (("khata_entries"."kind" in ('payment', 'payout')) = ("khata_entries"."method" is not null));