ALTER TABLE "video_requests" ADD COLUMN "fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "cleared_at" timestamp with time zone;