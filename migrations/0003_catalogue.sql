CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"breaking" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"target_link_to" text NOT NULL,
	"custom_url" text,
	"live_event_extid" text,
	"video_project_extid" text,
	"tag_id" integer,
	"image_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_pages_slug_locale_pk" PRIMARY KEY("slug","locale")
);
--> statement-breakpoint
CREATE TABLE "front_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"titles" jsonb NOT NULL,
	"project_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_statistics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"search_id" text NOT NULL,
	"project_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"id" text PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"filters" jsonb NOT NULL,
	"results" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_subscriptions" (
	"user_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tag_subscriptions_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"view_type" text DEFAULT 'default' NOT NULL,
	"external_landing" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "video_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_project_tags" (
	"project_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "video_project_tags_project_id_tag_id_pk" PRIMARY KEY("project_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "video_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"title" text NOT NULL,
	"project_slug" text NOT NULL,
	"language" text NOT NULL,
	"languages" text[] NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"shotlist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dateline_place" text DEFAULT '' NOT NULL,
	"dateline_date" date NOT NULL,
	"country_id" integer,
	"region_id" integer,
	"category_id" integer,
	"source" text DEFAULT '' NOT NULL,
	"restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"embargo_until" timestamp with time zone,
	"formats" text[] NOT NULL,
	"free_access" boolean DEFAULT false NOT NULL,
	"pool" boolean DEFAULT false NOT NULL,
	"duration" integer NOT NULL,
	"limit_type" text DEFAULT 'standard' NOT NULL,
	"rights_type" text DEFAULT 'all_rights' NOT NULL,
	"external_name" text DEFAULT '' NOT NULL,
	"inner_id" text DEFAULT '' NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"preview_image" text,
	"preview_video" text,
	"animated_thumbnails" text[] DEFAULT '{}' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(newsreel_ts_config(language), coalesce(title, '')), 'A') || setweight(to_tsvector(newsreel_ts_config(language), coalesce(keywords, '')), 'B') || setweight(to_tsvector(newsreel_ts_config(language), coalesce(story, '')), 'C')) STORED NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"last_changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"quality" text NOT NULL,
	"format" text NOT NULL,
	"container" text NOT NULL,
	"storage_key" text
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_statistics" ADD CONSTRAINT "search_statistics_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_statistics" ADD CONSTRAINT "search_statistics_project_id_video_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."video_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_statistics" ADD CONSTRAINT "search_statistics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_subscriptions" ADD CONSTRAINT "tag_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_subscriptions" ADD CONSTRAINT "tag_subscriptions_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_downloads" ADD CONSTRAINT "video_downloads_project_id_video_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."video_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_downloads" ADD CONSTRAINT "video_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_project_tags" ADD CONSTRAINT "video_project_tags_project_id_video_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."video_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_project_tags" ADD CONSTRAINT "video_project_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_projects" ADD CONSTRAINT "video_projects_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_projects" ADD CONSTRAINT "video_projects_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_projects" ADD CONSTRAINT "video_projects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_project_id_video_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."video_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_statistics_search_idx" ON "search_statistics" USING btree ("search_id");--> statement-breakpoint
CREATE INDEX "video_downloads_created_idx" ON "video_downloads" USING btree ("created_at","project_id");--> statement-breakpoint
CREATE INDEX "video_project_tags_tag_idx" ON "video_project_tags" USING btree ("tag_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_projects_project_id_unique" ON "video_projects" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_projects_slug_unique" ON "video_projects" USING btree ("project_slug");--> statement-breakpoint
CREATE INDEX "video_projects_published_idx" ON "video_projects" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_projects_category_published_idx" ON "video_projects" USING btree ("category_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_projects_country_published_idx" ON "video_projects" USING btree ("country_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_projects_region_published_idx" ON "video_projects" USING btree ("region_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_projects_language_published_idx" ON "video_projects" USING btree ("language","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_projects_search_idx" ON "video_projects" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "video_projects_title_trgm_idx" ON "video_projects" USING gist ("title" gist_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "videos_rendition_unique" ON "videos" USING btree ("project_id","quality","format","container");