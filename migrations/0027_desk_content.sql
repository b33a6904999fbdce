CREATE TABLE "catalogue_changes" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_item_id" integer NOT NULL,
	"video_project_id" integer,
	"kind" text NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"note" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_projects" ADD COLUMN "editorial_state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_notices" ADD CONSTRAINT "content_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_notices" ADD CONSTRAINT "content_notices_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_notices" ADD CONSTRAINT "content_notices_video_project_id_video_projects_id_fk" FOREIGN KEY ("video_project_id") REFERENCES "public"."video_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_notices_once" ON "content_notices" USING btree ("user_id","content_item_id","kind","revision");--> statement-breakpoint
CREATE INDEX "content_notices_user_idx" ON "content_notices" USING btree ("user_id","id" DESC NULLS LAST);