CREATE TABLE "demo_row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_plans_demo_idx" ON "credit_plans" USING btree ("is_demo");
--> statement-breakpoint
-- The demo data page counts each kind of demo row (up to a thousand, then
-- "mais de 1.000"): at the scale seed, where nearly every row is a demo row,
-- that walked a thousand index entries of five large tables on every view,
-- most of the page's cost. These triggers keep each table's count of rows
-- marked is_demo beside it. A statement that adds or removes no demo row
-- (every write of a real shop) writes nothing here, so real writers never
-- wait on these rows. A row's flag seldom changes after it is written: a row
-- trigger, fired only when it does. TRUNCATE forgets the table's count.
CREATE FUNCTION demo_row_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows WHERE is_demo;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows WHERE is_demo;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO demo_row_counts AS counts (table_name, total) VALUES (TG_TABLE_NAME, delta)
      ON CONFLICT (table_name) DO UPDATE SET total = counts.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION demo_row_counts_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO demo_row_counts AS counts (table_name, total)
    VALUES (TG_TABLE_NAME, CASE WHEN NEW.is_demo THEN 1 ELSE -1 END)
    ON CONFLICT (table_name) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION demo_row_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM demo_row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON customers
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON service_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON service_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON service_orders
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON service_orders
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON reviews
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON blog_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON blog_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON blog_posts
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON faq_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON faq_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON faq_entries
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON faq_entries
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON site_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON site_texts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON site_texts
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON site_texts
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON contact_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON contact_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON contact_messages
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON contact_messages
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON products
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON credit_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON credit_plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON credit_plans
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON credit_plans
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON "user"
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON debts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON debts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON debts
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON debts
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_insert AFTER INSERT ON finance_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_delete AFTER DELETE ON finance_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_apply();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_flag AFTER UPDATE OF is_demo ON finance_entries
  FOR EACH ROW WHEN (OLD.is_demo IS DISTINCT FROM NEW.is_demo) EXECUTE FUNCTION demo_row_counts_flag();
--> statement-breakpoint
CREATE TRIGGER demo_row_counts_truncate AFTER TRUNCATE ON finance_entries
  FOR EACH STATEMENT EXECUTE FUNCTION demo_row_counts_reset();
--> statement-breakpoint
-- Only the tables that have demo rows: a new database stays without rows (a restore writes only into an empty one).
INSERT INTO demo_row_counts (table_name, total)
  SELECT table_name, total FROM (
    SELECT 'customers', count(*)::int FROM customers WHERE is_demo
    UNION ALL SELECT 'service_orders', count(*)::int FROM service_orders WHERE is_demo
    UNION ALL SELECT 'reviews', count(*)::int FROM reviews WHERE is_demo
    UNION ALL SELECT 'blog_posts', count(*)::int FROM blog_posts WHERE is_demo
    UNION ALL SELECT 'faq_entries', count(*)::int FROM faq_entries WHERE is_demo
    UNION ALL SELECT 'site_texts', count(*)::int FROM site_texts WHERE is_demo
    UNION ALL SELECT 'contact_messages', count(*)::int FROM contact_messages WHERE is_demo
    UNION ALL SELECT 'products', count(*)::int FROM products WHERE is_demo
    UNION ALL SELECT 'credit_plans', count(*)::int FROM credit_plans WHERE is_demo
    UNION ALL SELECT 'user', count(*)::int FROM "user" WHERE is_demo
    UNION ALL SELECT 'debts', count(*)::int FROM debts WHERE is_demo
    UNION ALL SELECT 'finance_entries', count(*)::int FROM finance_entries WHERE is_demo
  ) AS counted (table_name, total)
  WHERE total > 0;
