ALTER TABLE "world_exclusive_requests" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "world_exclusive_requests" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "world_exclusive_requests" ADD COLUMN "state_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "world_exclusive_requests" ADD COLUMN "desk_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD COLUMN "desk_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "state_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "career_applications" ADD COLUMN "desk_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD COLUMN "state_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD COLUMN "desk_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "world_exclusive_requests" ADD CONSTRAINT "world_exclusive_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_applications" ADD CONSTRAINT "career_applications_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_bookings" ADD CONSTRAINT "broadcast_bookings_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "world_exclusive_requests_state_idx" ON "world_exclusive_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "career_applications_state_idx" ON "career_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "broadcast_bookings_state_idx" ON "broadcast_bookings" USING btree ("state","created_at");