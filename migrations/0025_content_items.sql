CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"fields" jsonb NOT NULL,
	"media_state" text DEFAULT 'none' NOT NULL,
	"media_stage" text,
	"media_progress" integer DEFAULT 0 NOT NULL,
	"media_error" text,
	"source_name" text,
	"probe" jsonb,
	"master_key" text,
	"video_project_id" integer,
	"scheduled_at" timestamp with time zone,
	"first_published_at" timestamp with time zone,
	"version_created_at" timestamp with time zone,
	"correction_note" text,
	"killed_reason" text,
	"created_by_id" integer,
	"updated_by_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_video_project_id_video_projects_id_fk" FOREIGN KEY ("video_project_id") REFERENCES "public"."video_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_guid_unique" ON "content_items" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "content_items_state_updated_idx" ON "content_items" USING btree ("state","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_items_scheduled_idx" ON "content_items" USING btree ("scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_video_project_unique" ON "content_items" USING btree ("video_project_id");