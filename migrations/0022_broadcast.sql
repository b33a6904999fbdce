CREATE TABLE "broadcast_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"town_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"job_title_id" integer NOT NULL,
	"company" text NOT NULL,
	"date" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"country" char(2) NOT NULL,
	"city" jsonb NOT NULL,
	"titles" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_towns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"icon" text DEFAULT 'studio' NOT NULL,
	"names" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "broadcast_towns_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD CONSTRAINT "broadcast_bookings_town_id_broadcast_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."broadcast_towns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD CONSTRAINT "broadcast_bookings_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_bookings_town_idx" ON "broadcast_bookings" USING btree ("town_id","created_at");--> statement-breakpoint
CREATE INDEX "broadcast_events_starts_idx" ON "broadcast_events" USING btree ("starts_at");