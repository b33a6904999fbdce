CREATE TABLE "support_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"site_variant" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"unanswered" boolean DEFAULT true NOT NULL,
	"customer_read_message_id" bigint DEFAULT 0 NOT NULL,
	"last_staff_message_id" bigint DEFAULT 0 NOT NULL,
	"last_staff_message_at" timestamp with time zone,
	"customer_mailed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_chat_user_idx" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."kind" = 'chat';--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("status","unanswered","last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_reply_mail_idx" ON "support_conversations" USING btree ("last_staff_message_at") WHERE "support_conversations"."customer_mailed" = false;--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");