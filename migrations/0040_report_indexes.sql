CREATE INDEX "searches_empty_idx" ON "searches" USING btree ("created_at") WHERE "searches"."results" = 0;--> statement-breakpoint
CREATE INDEX "agreement_operations_created_idx" ON "agreement_operations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_paid_idx" ON "transactions" USING btree ("paid_at") WHERE "transactions"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "transactions_refunded_idx" ON "transactions" USING btree ("refunded_at") WHERE "transactions"."refunded_at" is not null;--> statement-breakpoint
CREATE INDEX "video_requests_created_idx" ON "video_requests" USING btree ("created_at");