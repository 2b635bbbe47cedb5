CREATE TABLE "loyalty_balances" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"carry_cents" integer,
	"register_entry_id" integer,
	"service_order_id" integer,
	"sale_id" integer,
	"referred_customer_id" integer,
	"cycle_start" date,
	"description" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	CONSTRAINT "loyalty_entries_points_sign" CHECK (("loyalty_entries"."kind" in ('expired', 'reversed') and "loyalty_entries"."points" <= 0) or ("loyalty_entries"."kind" in ('earned', 'referral', 'cycle-bonus', 'launch-credit') and "loyalty_entries"."points" >= 0) or ("loyalty_entries"."kind" = 'adjustment' and "loyalty_entries"."points" <> 0))
);
--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_register_entry_id_register_entries_id_fk" FOREIGN KEY ("register_entry_id") REFERENCES "public"."register_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_referred_customer_id_customers_id_fk" FOREIGN KEY ("referred_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_balances_points_idx" ON "loyalty_balances" USING btree ("points","customer_id");--> statement-breakpoint
CREATE INDEX "loyalty_entries_customer_idx" ON "loyalty_entries" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "loyalty_entries_expiring_idx" ON "loyalty_entries" USING btree ("expires_at","customer_id") WHERE "loyalty_entries"."points" > 0;--> statement-breakpoint
CREATE INDEX "loyalty_entries_carry_idx" ON "loyalty_entries" USING btree ("customer_id","id") WHERE "loyalty_entries"."carry_cents" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_earned_once_idx" ON "loyalty_entries" USING btree ("register_entry_id") WHERE "loyalty_entries"."kind" = 'earned';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_reversed_once_idx" ON "loyalty_entries" USING btree ("register_entry_id") WHERE "loyalty_entries"."kind" = 'reversed';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_referral_once_idx" ON "loyalty_entries" USING btree ("referred_customer_id") WHERE "loyalty_entries"."kind" = 'referral';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_cycle_bonus_once_idx" ON "loyalty_entries" USING btree ("customer_id","cycle_start") WHERE "loyalty_entries"."kind" = 'cycle-bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_launch_once_idx" ON "loyalty_entries" USING btree ("customer_id") WHERE "loyalty_entries"."kind" = 'launch-credit';--> statement-breakpoint
-- loyalty_balances is the ledger's sum per customer, kept here in the
-- transaction that writes the ledger (whoever writes it: the app, the seed,
-- this migration), so the staff lists by level stay fast at 40 000
-- customers. The ledger is append-only; a delete (a demo reset) still
-- subtracts, so the sum never drifts.
CREATE FUNCTION loyalty_balances_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loyalty_balances AS balances (customer_id, points)
      SELECT customer_id, sum(points) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (customer_id) DO UPDATE SET points = balances.points + excluded.points;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loyalty_balances AS balances (customer_id, points)
      SELECT customer_id, -sum(points) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (customer_id) DO UPDATE SET points = balances.points + excluded.points;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loyalty_balances_insert AFTER INSERT ON loyalty_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loyalty_balances_apply();
--> statement-breakpoint
CREATE TRIGGER loyalty_balances_delete AFTER DELETE ON loyalty_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION loyalty_balances_apply();
--> statement-breakpoint
CREATE FUNCTION loyalty_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loyalty_entries is append-only: record a reversal or an adjustment instead';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loyalty_entries_no_update BEFORE UPDATE ON loyalty_entries
  FOR EACH ROW EXECUTE FUNCTION loyalty_entries_append_only();
--> statement-breakpoint
-- The launch credit (CDC art. 30: the home page promised these points): what
-- the last 12 months of payments earned under spec point 9's rules (10
-- points per R$ 200,00 paid, cumulative per customer, the remainder carried
-- as `carry_cents`), once per customer, marked as such. Paid money: order
-- payments, sales, crediário instalments and debt payments, not cancelled,
-- less what was refunded; not what was left owed (crediário) or paid with
-- store credit (money given back earlier), nor a crediário's fee. Its points
-- are valid one year from the launch. This migration runs once; the unique
-- index on (customer_id) where kind = 'launch-credit' keeps it once anyway.
INSERT INTO loyalty_entries (customer_id, kind, points, paid_cents, carry_cents, description, occurred_at, expires_at, actor_label)
SELECT customer_id, 'launch-credit', (paid / 20000) * 10, paid, paid % 20000,
       'Crédito de lançamento: pagamentos dos últimos 12 meses', now(), now() + interval '1 year', 'lançamento do programa'
FROM (
  SELECT customer_id, sum(amount_cents)::integer AS paid
  FROM register_entries
  WHERE customer_id IS NOT NULL
    AND cancelled_at IS NULL
    AND created_at >= now() - interval '12 months'
    AND method NOT IN ('crediario', 'store-credit')
    AND ((kind IN ('sale', 'order-payment', 'credit-payment', 'debt-payment') AND amount_cents > 0) OR (kind = 'refund' AND amount_cents < 0))
    AND id NOT IN (SELECT fee_register_entry_id FROM credit_plans WHERE fee_register_entry_id IS NOT NULL)
  GROUP BY customer_id
) AS paid_by_customer
WHERE paid > 0
ORDER BY customer_id;
