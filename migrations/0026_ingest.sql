CREATE TABLE "content_item_media" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"preview_key" text,
	"poster_key" text,
	"thumbnail_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"animated_keys" text[] DEFAULT '{}' NOT NULL,
	"error_code" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_drop_files" (
	"name" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"modified_ms" bigint NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_item_media" ADD CONSTRAINT "content_item_media_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;