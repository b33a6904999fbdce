CREATE TABLE "tus_locks" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"release_requested" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingest_drop_files" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "ingest_drop_files" ADD COLUMN "claimed_at" timestamp with time zone;