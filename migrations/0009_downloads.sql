CREATE TABLE "video_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"agreement_id" integer,
	"operation_id" bigint,
	"quality" text NOT NULL,
	"container" text NOT NULL,
	"format" text NOT NULL,
	"brand_position" text,
	"state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rendition_key" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_project_id_video_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."video_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_requests" ADD CONSTRAINT "video_requests_operation_id_agreement_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."agreement_operations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_requests_user_day_idx" ON "video_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "video_requests_rendition_idx" ON "video_requests" USING btree ("rendition_key");