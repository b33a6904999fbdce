CREATE TABLE "storyboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"master_key" text NOT NULL,
	"token" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"tiles" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "storyboards_master_key_idx" ON "storyboards" USING btree ("master_key");