CREATE TABLE "credit_correction_runs" (
	"rule" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"business_date" date NOT NULL,
	"examined_count" integer NOT NULL,
	"corrected_count" integer NOT NULL,
	"credited_cents" integer NOT NULL,
	"absorbed_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"plan_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"payoff_date" date NOT NULL,
	"paid_cents" integer NOT NULL,
	"paid_interest_cents" integer NOT NULL,
	"paid_principal_cents" integer NOT NULL,
	"due_cents" integer,
	"due_interest_cents" integer,
	"due_principal_cents" integer,
	"difference_cents" integer DEFAULT 0 NOT NULL,
	"credited_cents" integer DEFAULT 0 NOT NULL,
	"absorbed_cents" integer DEFAULT 0 NOT NULL,
	"interest_to_revenue_cents" integer DEFAULT 0 NOT NULL,
	"store_credit_movement_id" integer,
	"business_date" date NOT NULL,
	"failure" text,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_corrections_amounts" CHECK ("credit_corrections"."credited_cents" >= 0 and "credit_corrections"."absorbed_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "credit_corrections" ADD CONSTRAINT "credit_corrections_plan_id_credit_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."credit_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_corrections" ADD CONSTRAINT "credit_corrections_payment_id_credit_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."credit_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_corrections" ADD CONSTRAINT "credit_corrections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_corrections" ADD CONSTRAINT "credit_corrections_store_credit_movement_id_store_credit_movements_id_fk" FOREIGN KEY ("store_credit_movement_id") REFERENCES "public"."store_credit_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_corrections_plan_idx" ON "credit_corrections" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "credit_corrections_status_idx" ON "credit_corrections" USING btree ("status","id");