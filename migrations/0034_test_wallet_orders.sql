CREATE TABLE "test_wallet_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"reference" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"payer_email" text,
	"decline_at_capture" boolean DEFAULT false NOT NULL,
	"capture_id" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_wallet_orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_wallet_orders_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
CREATE TABLE "test_wallet_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"capture_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
