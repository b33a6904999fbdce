CREATE TABLE "delivery_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"saved_search_id" integer NOT NULL,
	"name" text NOT NULL,
	"video_format" text NOT NULL,
	"quality" text NOT NULL,
	"container" text NOT NULL,
	"brand_position" text,
	"destination" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"content_item_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"video_request_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"remote_name" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "unattended_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "delivery_rule_id" integer;--> statement-breakpoint
ALTER TABLE "delivery_rules" ADD CONSTRAINT "delivery_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rules" ADD CONSTRAINT "delivery_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rules" ADD CONSTRAINT "delivery_rules_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_deliveries" ADD CONSTRAINT "rule_deliveries_rule_id_delivery_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."delivery_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_deliveries" ADD CONSTRAINT "rule_deliveries_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_rules_search_idx" ON "delivery_rules" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "delivery_rules_user_idx" ON "delivery_rules" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_deliveries_once" ON "rule_deliveries" USING btree ("rule_id","content_item_id","revision","kind");--> statement-breakpoint
CREATE INDEX "rule_deliveries_rule_idx" ON "rule_deliveries" USING btree ("rule_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rule_deliveries_request_idx" ON "rule_deliveries" USING btree ("video_request_id");