ALTER TABLE "agreements" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "verified_by" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_processing_idx" ON "agreements" USING btree ("status") WHERE "agreements"."status" = 'processing';