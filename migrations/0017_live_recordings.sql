CREATE TABLE "live_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_recordings_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_project_id_video_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."video_projects"("id") ON DELETE cascade ON UPDATE no action;