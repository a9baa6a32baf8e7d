-- Notifications (decision 0045): each shopper's channels (email on, WhatsApp off until they opt in
-- with a number) and the outbox of WhatsApp messages with their status, attempts and retries.
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"whatsapp_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_number_format" CHECK ("notification_settings"."whatsapp_number" is null or "notification_settings"."whatsapp_number" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "notification_settings_whatsapp_number" CHECK (not "notification_settings"."whatsapp" or "notification_settings"."whatsapp_number" is not null)
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_message_id" text,
	"error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_messages_status_known" CHECK ("notification_messages"."status" in ('queued', 'sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "notification_messages_language_known" CHECK ("notification_messages"."language" in ('en', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_messages_due_idx" ON "notification_messages" USING btree ("next_attempt_at","id") WHERE "notification_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_provider_id_unique" ON "notification_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_dedupe_unique" ON "notification_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_messages_order_idx" ON "notification_messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "notification_messages_user_idx" ON "notification_messages" USING btree ("user_id","created_at");
