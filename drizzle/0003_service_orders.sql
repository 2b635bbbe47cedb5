CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"document" text,
	"email" text DEFAULT '' NOT NULL,
	"cep" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"referred_by_customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_contact_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"product_id" integer,
	CONSTRAINT "service_order_lines_positive" CHECK ("service_order_lines"."quantity" > 0 and "service_order_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"is_deposit" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_by_user_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_order_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "service_order_payments_positive" CHECK ("service_order_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_type" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"imei_or_serial" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"accessories" text DEFAULT '' NOT NULL,
	"condition_checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condition_notes" text DEFAULT '' NOT NULL,
	"unlock_kind" text,
	"unlock_secret" text,
	"reported_defect" text NOT NULL,
	"diagnosis" text DEFAULT '' NOT NULL,
	"technician_user_id" text,
	"lines_total_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"promised_date" date,
	"warranty_days" integer DEFAULT 90 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"quote_decided_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivered_to" text,
	"owed_at_delivery_cents" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_orders_tracking_code_unique" UNIQUE("tracking_code"),
	CONSTRAINT "service_orders_warranty_min" CHECK ("service_orders"."warranty_days" >= 90),
	CONSTRAINT "service_orders_money_non_negative" CHECK ("service_orders"."lines_total_cents" >= 0 and "service_orders"."discount_cents" >= 0 and "service_orders"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_referred_by_customer_id_customers_id_fk" FOREIGN KEY ("referred_by_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_contact_attempts" ADD CONSTRAINT "pickup_contact_attempts_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_lines" ADD CONSTRAINT "service_order_lines_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_payments" ADD CONSTRAINT "service_order_payments_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_status_events" ADD CONSTRAINT "service_order_status_events_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_technician_user_id_user_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_document_idx" ON "customers" USING btree ("document") WHERE "customers"."document" is not null;--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pickup_contact_attempts_order_idx" ON "pickup_contact_attempts" USING btree ("order_id","attempted_at");--> statement-breakpoint
CREATE INDEX "service_order_lines_order_idx" ON "service_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "service_order_payments_order_idx" ON "service_order_payments" USING btree ("order_id","paid_at");--> statement-breakpoint
CREATE INDEX "service_order_status_events_order_idx" ON "service_order_status_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_status_created_idx" ON "service_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_created_idx" ON "service_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_orders_customer_idx" ON "service_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_orders_technician_idx" ON "service_orders" USING btree ("technician_user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_imei_idx" ON "service_orders" USING btree ("imei_or_serial" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_orders_model_trgm_idx" ON "service_orders" USING gin ("model" gin_trgm_ops);