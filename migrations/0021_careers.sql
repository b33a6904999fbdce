CREATE TABLE "career_application_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"vacancy_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"birthday" text NOT NULL,
	"gender" text NOT NULL,
	"phone" text NOT NULL,
	"location" text NOT NULL,
	"salary_expectations" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_vacancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"translations" jsonb NOT NULL,
	"employment_type" text DEFAULT 'full_time' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "career_application_files" ADD CONSTRAINT "career_application_files_application_id_career_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_applications" ADD CONSTRAINT "career_applications_vacancy_id_career_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."career_vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_application_files_application_idx" ON "career_application_files" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "career_applications_vacancy_idx" ON "career_applications" USING btree ("vacancy_id","created_at");--> statement-breakpoint
CREATE INDEX "career_vacancies_published_idx" ON "career_vacancies" USING btree ("published","published_at");