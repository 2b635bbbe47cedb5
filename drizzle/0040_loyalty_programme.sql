CREATE TABLE "loyalty_rule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"enabled" boolean NOT NULL,
	"points_per_spend_step" integer NOT NULL,
	"spend_step_cents" integer NOT NULL,
	"referral_points" integer NOT NULL,
	"cycle_bonus_points" integer NOT NULL,
	"cycle_bonus_min_repairs" integer NOT NULL,
	"cycle_start_month" integer NOT NULL,
	"cycle_start_day" integer NOT NULL,
	"validity_years" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"created_by_user_id" text,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_rule_versions_positive" CHECK ("loyalty_rule_versions"."points_per_spend_step" >= 0 and "loyalty_rule_versions"."spend_step_cents" > 0 and "loyalty_rule_versions"."referral_points" >= 0 and "loyalty_rule_versions"."cycle_bonus_points" >= 0 and "loyalty_rule_versions"."cycle_bonus_min_repairs" > 0 and "loyalty_rule_versions"."validity_years" > 0)
);
--> statement-breakpoint
ALTER TABLE "service_orders" DROP CONSTRAINT "service_orders_money_non_negative";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "loyalty_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "loyalty_level_name" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "loyalty_discount_basis_points" integer;--> statement-breakpoint
ALTER TABLE "loyalty_rule_versions" ADD CONSTRAINT "loyalty_rule_versions_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_rule_versions_effective_idx" ON "loyalty_rule_versions" USING btree ("effective_from","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_referral_code_idx" ON "customers" USING btree ("referral_code") WHERE "customers"."referral_code" is not null;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_money_non_negative" CHECK ("service_orders"."lines_total_cents" >= 0 and "service_orders"."discount_cents" >= 0 and "service_orders"."paid_cents" >= 0 and "service_orders"."loyalty_discount_cents" between 0 and "service_orders"."discount_cents");