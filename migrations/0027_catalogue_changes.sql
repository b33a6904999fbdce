CREATE TABLE "catalogue_changes" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL
);
