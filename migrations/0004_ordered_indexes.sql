DROP INDEX "video_projects_published_idx";--> statement-breakpoint
DROP INDEX "video_projects_category_published_idx";--> statement-breakpoint
DROP INDEX "video_projects_country_published_idx";--> statement-breakpoint
DROP INDEX "video_projects_region_published_idx";--> statement-breakpoint
DROP INDEX "video_projects_language_published_idx";--> statement-breakpoint
CREATE INDEX "video_projects_published_idx" ON "video_projects" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_projects_category_published_idx" ON "video_projects" USING btree ("category_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_projects_country_published_idx" ON "video_projects" USING btree ("country_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_projects_region_published_idx" ON "video_projects" USING btree ("region_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_projects_language_published_idx" ON "video_projects" USING btree ("language","published_at" DESC NULLS FIRST);