-- Custom SQL migration file, put your code below! --
-- The filter chips of /service-orders show how many orders are in each status
-- (for everyone, or for one technician). Counting 100 000 rows on every page
-- view is too slow on PGlite (it has no autovacuum, so even an index-only
-- count visits every row); these triggers keep service_order_status_counts
-- exact instead, whoever writes the orders (the app, the seed, a manual fix).
-- One upsert per statement; the rows are sorted by key so concurrent
-- transactions lock the counters in one order and cannot deadlock. Each
-- branch names only the transition tables its event has (plpgsql plans a
-- statement when it first runs it).
CREATE FUNCTION service_order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_order_status_counts AS counts (status, technician_user_id, total)
      SELECT status, coalesce(technician_user_id, ''), count(*) FROM new_rows
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, technician_user_id) DO UPDATE SET total = counts.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO service_order_status_counts AS counts (status, technician_user_id, total)
      SELECT status, coalesce(technician_user_id, ''), -count(*) FROM old_rows
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, technician_user_id) DO UPDATE SET total = counts.total + excluded.total;
  ELSE
    INSERT INTO service_order_status_counts AS counts (status, technician_user_id, total)
      SELECT status, technician, sum(delta) FROM (
        SELECT old_rows.status, coalesce(old_rows.technician_user_id, '') AS technician, -1 AS delta
          FROM old_rows JOIN new_rows USING (id)
          WHERE (new_rows.status, new_rows.technician_user_id) IS DISTINCT FROM (old_rows.status, old_rows.technician_user_id)
        UNION ALL
        SELECT new_rows.status, coalesce(new_rows.technician_user_id, ''), 1
          FROM old_rows JOIN new_rows USING (id)
          WHERE (new_rows.status, new_rows.technician_user_id) IS DISTINCT FROM (old_rows.status, old_rows.technician_user_id)
      ) AS changes
      GROUP BY status, technician HAVING sum(delta) <> 0 ORDER BY status, technician
      ON CONFLICT (status, technician_user_id) DO UPDATE SET total = counts.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION service_order_status_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_order_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_order_status_counts_insert AFTER INSERT ON service_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER service_order_status_counts_update AFTER UPDATE ON service_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER service_order_status_counts_delete AFTER DELETE ON service_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION service_order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER service_order_status_counts_truncate AFTER TRUNCATE ON service_orders
  FOR EACH STATEMENT EXECUTE FUNCTION service_order_status_counts_reset();
--> statement-breakpoint
INSERT INTO service_order_status_counts (status, technician_user_id, total)
  SELECT status, coalesce(technician_user_id, ''), count(*) FROM service_orders GROUP BY 1, 2;
