CREATE TABLE "push_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"user_id" integer,
	"notification_locales" jsonb NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_clients_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "push_clients_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "pushes_sent" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pushes_sent_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lists_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "push_clients" ADD CONSTRAINT "push_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_clients_user_idx" ON "push_clients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "list_items_item_idx" ON "list_items" USING btree ("list_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "lists_user_idx" ON "lists" USING btree ("user_id","id");