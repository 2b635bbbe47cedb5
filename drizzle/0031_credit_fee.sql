ALTER TABLE "credit_plans" DROP CONSTRAINT "credit_plans_amounts";--> statement-breakpoint
ALTER TABLE "credit_plans" ADD COLUMN "fee_paid_with" text;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD COLUMN "fee_register_entry_id" integer;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_fee_register_entry_id_register_entries_id_fk" FOREIGN KEY ("fee_register_entry_id") REFERENCES "public"."register_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_amounts" CHECK ("credit_plans"."financed_cents" > 0 and "credit_plans"."down_payment_cents" >= 0 and "credit_plans"."fee_cents" >= 0 and "credit_plans"."financed_cents" = "credit_plans"."cash_price_cents" - "credit_plans"."down_payment_cents" + (case when "credit_plans"."fee_paid_with" = 'financed' then "credit_plans"."fee_cents" else 0 end));--> statement-breakpoint
-- The crediário's registration fee, its own line in the month result (issue 23).
INSERT INTO "finance_categories" ("name", "direction", "result_line", "system_key", "position")
  SELECT 'Tarifa de cadastro do crediário', 'in', 'other-result', 'credit-fee', 4
  WHERE NOT EXISTS (SELECT 1 FROM "finance_categories" WHERE "system_key" = 'credit-fee');
