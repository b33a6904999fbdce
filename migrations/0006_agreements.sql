CREATE TABLE "agreement_balances" (
	"agreement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"period_total" integer DEFAULT 0 NOT NULL,
	"refill_amount" integer,
	"refilled_for" text,
	"valid_till" timestamp with time zone,
	CONSTRAINT "agreement_balances_not_negative" CHECK ("agreement_balances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agreement_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"operation_type" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"user_id" integer,
	"video_project_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"job_title_id" integer,
	"company_name" text NOT NULL,
	"company_type_id" integer,
	"company_type_other" text,
	"company_size" text NOT NULL,
	"country_id" integer,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"agreement_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"claim_email" text,
	"agreement_type" text NOT NULL,
	"status" text NOT NULL,
	"live_access" boolean DEFAULT false NOT NULL,
	"vod_access" boolean DEFAULT true NOT NULL,
	"access" text DEFAULT 'all_content' NOT NULL,
	"billing_period" text,
	"archival_days" integer,
	"duration_value" integer,
	"duration_unit" text,
	"start_date" date,
	"valid_till" timestamp with time zone,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"renewal_months" integer,
	"next_invoice_date" date,
	"next_invoice_cents" integer,
	"top_up_price_cents" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"platform_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_project_id" integer,
	"live_event_id" integer,
	"request_id" integer,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agreements_one_owner" CHECK (num_nonnulls("agreements"."user_id", "agreements"."company_id", "agreements"."claim_email") = 1),
	CONSTRAINT "agreements_pass_platforms" CHECK (jsonb_array_length("agreements"."platform_urls") <= 2 or "agreements"."agreement_type" <> 'pass')
);
--> statement-breakpoint
CREATE TABLE "planning_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"titles" jsonb NOT NULL,
	"bodies" jsonb NOT NULL,
	"agreement_types" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "planning_sections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "agreement_balances" ADD CONSTRAINT "agreement_balances_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_operations" ADD CONSTRAINT "agreement_operations_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_operations" ADD CONSTRAINT "agreement_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_requests" ADD CONSTRAINT "agreement_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_requests" ADD CONSTRAINT "agreement_requests_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_requests" ADD CONSTRAINT "agreement_requests_company_type_id_company_types_id_fk" FOREIGN KEY ("company_type_id") REFERENCES "public"."company_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_requests" ADD CONSTRAINT "agreement_requests_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_balances_pk" ON "agreement_balances" USING btree ("agreement_id","kind");--> statement-breakpoint
CREATE INDEX "agreement_operations_agreement_idx" ON "agreement_operations" USING btree ("agreement_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_operations_key_unique" ON "agreement_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "agreement_requests_user_idx" ON "agreement_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agreement_requests_email_idx" ON "agreement_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "agreements_user_idx" ON "agreements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agreements_company_idx" ON "agreements" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "agreements_claim_email_idx" ON "agreements" USING btree ("claim_email");