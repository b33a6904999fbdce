CREATE TABLE "live_ingest_health" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"connected" boolean NOT NULL,
	"bitrate_kbps" integer,
	"frame_rate" real,
	"width" integer,
	"height" integer,
	"last_segment_at" timestamp with time zone,
	"sampled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_viewers" (
	"event_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_viewers_event_id_viewer_pk" PRIMARY KEY("event_id","viewer")
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "live_ingest_health" ADD CONSTRAINT "live_ingest_health_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_viewers_seen_idx" ON "live_viewers" USING btree ("event_id","seen_at");