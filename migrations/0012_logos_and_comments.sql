ALTER TABLE "companies" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "comment" text;