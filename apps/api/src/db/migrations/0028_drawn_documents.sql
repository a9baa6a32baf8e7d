CREATE TABLE "drawn_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "drawn_documents_drawn_at_idx" ON "drawn_documents" USING btree ("drawn_at");