ALTER TABLE "live_events" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_stream_key_unique" UNIQUE("stream_key");