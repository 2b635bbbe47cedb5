ALTER TABLE "service_order_lines" ADD COLUMN "expected_arrival_date" date;--> statement-breakpoint
CREATE INDEX "register_entries_business_date_idx" ON "register_entries" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "warranty_claims_created_idx" ON "warranty_claims" USING btree ("created_at");