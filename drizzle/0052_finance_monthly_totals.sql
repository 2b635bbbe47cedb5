CREATE TABLE "finance_cost_of_goods_months" (
	"month" date PRIMARY KEY NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_monthly_totals" (
	"month" date NOT NULL,
	"category_id" integer NOT NULL,
	"in_cents" bigint DEFAULT 0 NOT NULL,
	"out_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_monthly_totals_month_category_id_pk" PRIMARY KEY("month","category_id")
);
--> statement-breakpoint
-- The finance overview sums months: the 12-month chart and, for the cash
-- flow's opening balance, every month before the one shown. Summing the daily
-- totals and the cost hours on each view visited a year of rows (PGlite has
-- no autovacuum: every row summed is visited). These triggers keep the months
-- beside the days and hours, from the same deltas: whatever changes a day's
-- or an hour's total changes its month's by as much. One upsert per
-- statement, its rows sorted by key, as migration 0020's. A cost hour's month
-- is São Paulo's: its boundaries are whole hours, so an hour is in one month.
CREATE FUNCTION finance_monthly_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO finance_monthly_totals AS totals (month, category_id, in_cents, out_cents)
      SELECT date_trunc('month', day::timestamp)::date, category_id, sum(in_cents), sum(out_cents)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (month, category_id) DO UPDATE
        SET in_cents = totals.in_cents + excluded.in_cents, out_cents = totals.out_cents + excluded.out_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO finance_monthly_totals AS totals (month, category_id, in_cents, out_cents)
      SELECT date_trunc('month', day::timestamp)::date, category_id, -sum(in_cents), -sum(out_cents)
      FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (month, category_id) DO UPDATE
        SET in_cents = totals.in_cents + excluded.in_cents, out_cents = totals.out_cents + excluded.out_cents;
  ELSE
    INSERT INTO finance_monthly_totals AS totals (month, category_id, in_cents, out_cents)
      SELECT month, category_id, sum(in_delta), sum(out_delta) FROM (
        SELECT date_trunc('month', day::timestamp)::date AS month, category_id, -in_cents AS in_delta, -out_cents AS out_delta
          FROM old_rows
        UNION ALL
        SELECT date_trunc('month', day::timestamp)::date, category_id, in_cents, out_cents FROM new_rows
      ) AS changes
      GROUP BY month, category_id HAVING sum(in_delta) <> 0 OR sum(out_delta) <> 0
      ORDER BY month, category_id
      ON CONFLICT (month, category_id) DO UPDATE
        SET in_cents = totals.in_cents + excluded.in_cents, out_cents = totals.out_cents + excluded.out_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION finance_monthly_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_monthly_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_insert AFTER INSERT ON finance_daily_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_update AFTER UPDATE ON finance_daily_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_delete AFTER DELETE ON finance_daily_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_monthly_totals_truncate AFTER TRUNCATE ON finance_daily_totals
  FOR EACH STATEMENT EXECUTE FUNCTION finance_monthly_totals_reset();
--> statement-breakpoint
INSERT INTO finance_monthly_totals (month, category_id, in_cents, out_cents)
  SELECT date_trunc('month', day::timestamp)::date, category_id, sum(in_cents), sum(out_cents)
  FROM finance_daily_totals GROUP BY 1, 2;
--> statement-breakpoint
CREATE FUNCTION finance_cost_of_goods_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO finance_cost_of_goods_months AS totals (month, cost_cents)
      SELECT date_trunc('month', hour AT TIME ZONE 'America/Sao_Paulo')::date, sum(cost_cents)
      FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (month) DO UPDATE SET cost_cents = totals.cost_cents + excluded.cost_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO finance_cost_of_goods_months AS totals (month, cost_cents)
      SELECT date_trunc('month', hour AT TIME ZONE 'America/Sao_Paulo')::date, -sum(cost_cents)
      FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (month) DO UPDATE SET cost_cents = totals.cost_cents + excluded.cost_cents;
  ELSE
    INSERT INTO finance_cost_of_goods_months AS totals (month, cost_cents)
      SELECT month, sum(delta) FROM (
        SELECT date_trunc('month', hour AT TIME ZONE 'America/Sao_Paulo')::date AS month, -cost_cents AS delta FROM old_rows
        UNION ALL
        SELECT date_trunc('month', hour AT TIME ZONE 'America/Sao_Paulo')::date, cost_cents FROM new_rows
      ) AS changes
      GROUP BY month HAVING sum(delta) <> 0 ORDER BY month
      ON CONFLICT (month) DO UPDATE SET cost_cents = totals.cost_cents + excluded.cost_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION finance_cost_of_goods_months_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_cost_of_goods_months;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_months_insert AFTER INSERT ON finance_cost_of_goods_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_months_apply();
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_months_update AFTER UPDATE ON finance_cost_of_goods_hours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_months_apply();
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_months_delete AFTER DELETE ON finance_cost_of_goods_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_months_apply();
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_months_truncate AFTER TRUNCATE ON finance_cost_of_goods_hours
  FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_months_reset();
--> statement-breakpoint
INSERT INTO finance_cost_of_goods_months (month, cost_cents)
  SELECT date_trunc('month', hour AT TIME ZONE 'America/Sao_Paulo')::date, sum(cost_cents)
  FROM finance_cost_of_goods_hours GROUP BY 1;
