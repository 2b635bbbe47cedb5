CREATE TABLE "service_order_status_counts" (
	"status" text NOT NULL,
	"technician_user_id" text DEFAULT '' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_order_status_counts_status_technician_user_id_pk" PRIMARY KEY("status","technician_user_id")
);
--> statement-breakpoint
CREATE INDEX "service_orders_technician_status_idx" ON "service_orders" USING btree ("technician_user_id","status","created_at");