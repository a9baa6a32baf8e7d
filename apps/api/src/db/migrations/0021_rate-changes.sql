CREATE TABLE "rate_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"old_rate_paise" integer,
	"new_rate_paise" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_changes_new_rate_positive" CHECK ("rate_changes"."new_rate_paise" > 0),
	CONSTRAINT "rate_changes_old_rate_when_applied" CHECK (("rate_changes"."applied_at" is null) = ("rate_changes"."old_rate_paise" is null))
);
--> statement-breakpoint
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_changes" ADD CONSTRAINT "rate_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_changes_one_pending_per_product" ON "rate_changes" USING btree ("product_id") WHERE "rate_changes"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "rate_changes_pending_due_idx" ON "rate_changes" USING btree ("effective_at") WHERE "rate_changes"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "rate_changes_history_idx" ON "rate_changes" USING btree ("product_id","applied_at" DESC NULLS LAST);