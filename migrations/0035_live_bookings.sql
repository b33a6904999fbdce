CREATE TABLE "live_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"state" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"reason" text,
	"agreement_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "booking_price_cents" integer DEFAULT 25000 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_event_id_live_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."live_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_bookings_event_idx" ON "live_bookings" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "live_bookings_user_idx" ON "live_bookings" USING btree ("user_id");