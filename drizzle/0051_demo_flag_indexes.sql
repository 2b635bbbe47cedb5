CREATE INDEX "customers_demo_idx" ON "customers" USING btree ("is_demo");--> statement-breakpoint
CREATE INDEX "finance_entries_demo_idx" ON "finance_entries" USING btree ("is_demo");--> statement-breakpoint
CREATE INDEX "products_demo_idx" ON "products" USING btree ("is_demo");--> statement-breakpoint
CREATE INDEX "service_orders_demo_idx" ON "service_orders" USING btree ("is_demo");