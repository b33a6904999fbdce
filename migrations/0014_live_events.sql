CREATE TABLE "live_event_follows" (
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_event_follows_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "live_event_tags" (
	"event_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "live_event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"front_page_ban" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"image_url" text,
	"location" text,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quality" text DEFAULT '1080p' NOT NULL,
	"audiotrack" text DEFAULT '' NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"stream_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "live_event_follows" ADD CONSTRAINT "live_event_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_event_follows" ADD CONSTRAINT "live_event_follows_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_event_tags" ADD CONSTRAINT "live_event_tags_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_event_tags" ADD CONSTRAINT "live_event_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_event_follows_event_idx" ON "live_event_follows" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "live_event_tags_tag_idx" ON "live_event_tags" USING btree ("tag_id","event_id");--> statement-breakpoint
CREATE INDEX "live_events_start_idx" ON "live_events" USING btree ("start_at");