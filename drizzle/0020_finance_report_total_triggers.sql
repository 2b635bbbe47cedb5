-- Custom SQL migration file, put your code below! --
-- The month result, the cash flow by day (its balance line needs every day
-- before the month) and the 12-month chart sum paid entries; a year of
-- sales is tens of thousands of entries, too many to sum on each page view
-- on PGlite (no autovacuum: even an index-only scan visits every row).
-- These triggers keep finance_daily_totals exact instead, whoever writes
-- the entries: a paid, uncancelled entry adds to its day, account and
-- category; paying, cancelling, editing or deleting one moves it. One
-- upsert per statement, its rows sorted by key so concurrent transactions
-- lock the totals in one order and cannot deadlock. Each branch names only
-- the transition tables its event has (plpgsql plans a statement when it
-- first runs it).
CREATE FUNCTION finance_daily_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO finance_daily_totals AS totals (day, account_id, category_id, in_cents, out_cents)
      SELECT paid_date, account_id, category_id,
        sum(CASE WHEN direction = 'in' THEN amount_cents ELSE 0 END),
        sum(CASE WHEN direction = 'out' THEN amount_cents ELSE 0 END)
      FROM new_rows WHERE paid_date IS NOT NULL AND cancelled_at IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, account_id, category_id) DO UPDATE
        SET in_cents = totals.in_cents + excluded.in_cents, out_cents = totals.out_cents + excluded.out_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO finance_daily_totals AS totals (day, account_id, category_id, in_cents, out_cents)
      SELECT paid_date, account_id, category_id,
        -sum(CASE WHEN direction = 'in' THEN amount_cents ELSE 0 END),
        -sum(CASE WHEN direction = 'out' THEN amount_cents ELSE 0 END)
      FROM old_rows WHERE paid_date IS NOT NULL AND cancelled_at IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, account_id, category_id) DO UPDATE
        SET in_cents = totals.in_cents + excluded.in_cents, out_cents = totals.out_cents + excluded.out_cents;
  ELSE
    INSERT INTO finance_daily_totals AS totals (day, account_id, category_id, in_cents, out_cents)
      SELECT day, account_id, category_id, sum(in_delta), sum(out_delta) FROM (
        SELECT paid_date AS day, account_id, category_id,
            -(CASE WHEN direction = 'in' THEN amount_cents ELSE 0 END) AS in_delta,
            -(CASE WHEN direction = 'out' THEN amount_cents ELSE 0 END) AS out_delta
          FROM old_rows WHERE paid_date IS NOT NULL AND cancelled_at IS NULL
        UNION ALL
        SELECT paid_date, account_id, category_id,
            CASE WHEN direction = 'in' THEN amount_cents ELSE 0 END,
            CASE WHEN direction = 'out' THEN amount_cents ELSE 0 END
          FROM new_rows WHERE paid_date IS NOT NULL AND cancelled_at IS NULL
      ) AS changes
      GROUP BY day, account_id, category_id HAVING sum(in_delta) <> 0 OR sum(out_delta) <> 0
      ORDER BY day, account_id, category_id
      ON CONFLICT (day, account_id, category_id) DO UPDATE
        SET in_cents = totals.in_cents + excluded.in_cents, out_cents = totals.out_cents + excluded.out_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION finance_daily_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_daily_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER finance_daily_totals_insert AFTER INSERT ON finance_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_daily_totals_update AFTER UPDATE ON finance_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_daily_totals_delete AFTER DELETE ON finance_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER finance_daily_totals_truncate AFTER TRUNCATE ON finance_entries
  FOR EACH STATEMENT EXECUTE FUNCTION finance_daily_totals_reset();
--> statement-breakpoint
INSERT INTO finance_daily_totals (day, account_id, category_id, in_cents, out_cents)
  SELECT paid_date, account_id, category_id,
    sum(CASE WHEN direction = 'in' THEN amount_cents ELSE 0 END),
    sum(CASE WHEN direction = 'out' THEN amount_cents ELSE 0 END)
  FROM finance_entries WHERE paid_date IS NOT NULL AND cancelled_at IS NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The cost of goods sold per hour (UTC-truncated: São Paulo's offsets are
-- whole hours, so its month boundaries fall on them), so the month result
-- reads a month's hours instead of its movements. Stock movements are not
-- meant to change, but a fix by hand or the demo data's removal must still
-- leave the totals exact.
CREATE FUNCTION finance_cost_of_goods_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO finance_cost_of_goods_hours AS totals (hour, cost_cents)
      SELECT date_trunc('hour', created_at, 'UTC'), sum(-quantity::bigint * unit_cost_cents)
      FROM new_rows WHERE kind IN ('sale', 'order-part', 'return', 'cancel')
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET cost_cents = totals.cost_cents + excluded.cost_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO finance_cost_of_goods_hours AS totals (hour, cost_cents)
      SELECT date_trunc('hour', created_at, 'UTC'), sum(quantity::bigint * unit_cost_cents)
      FROM old_rows WHERE kind IN ('sale', 'order-part', 'return', 'cancel')
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET cost_cents = totals.cost_cents + excluded.cost_cents;
  ELSE
    INSERT INTO finance_cost_of_goods_hours AS totals (hour, cost_cents)
      SELECT hour, sum(delta) FROM (
        SELECT date_trunc('hour', created_at, 'UTC') AS hour, quantity::bigint * unit_cost_cents AS delta
          FROM old_rows WHERE kind IN ('sale', 'order-part', 'return', 'cancel')
        UNION ALL
        SELECT date_trunc('hour', created_at, 'UTC'), -quantity::bigint * unit_cost_cents
          FROM new_rows WHERE kind IN ('sale', 'order-part', 'return', 'cancel')
      ) AS changes
      GROUP BY hour HAVING sum(delta) <> 0 ORDER BY hour
      ON CONFLICT (hour) DO UPDATE SET cost_cents = totals.cost_cents + excluded.cost_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION finance_cost_of_goods_hours_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_cost_of_goods_hours;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_hours_insert AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_hours_apply();
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_hours_update AFTER UPDATE ON stock_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_hours_apply();
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_hours_delete AFTER DELETE ON stock_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_hours_apply();
--> statement-breakpoint
CREATE TRIGGER finance_cost_of_goods_hours_truncate AFTER TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION finance_cost_of_goods_hours_reset();
--> statement-breakpoint
INSERT INTO finance_cost_of_goods_hours (hour, cost_cents)
  SELECT date_trunc('hour', created_at, 'UTC'), sum(-quantity::bigint * unit_cost_cents)
  FROM stock_movements WHERE kind IN ('sale', 'order-part', 'return', 'cancel')
  GROUP BY 1;
