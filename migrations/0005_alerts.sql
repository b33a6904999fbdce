CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"alert_type" text NOT NULL,
	"target_link_to" text NOT NULL,
	"custom_url" text,
	"live_event_extid" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
