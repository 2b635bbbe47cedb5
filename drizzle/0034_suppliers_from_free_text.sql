-- Issue 23: suppliers become records. Every distinct supplier name typed so
-- far (on a payable, or on a stock entry) becomes one supplier, matched
-- without regard to case or surrounding spaces; the bills and entries that
-- named it point at it. The free text stays as it was typed.
INSERT INTO "suppliers" ("name")
SELECT DISTINCT ON (lower("name")) "name"
FROM (
  SELECT btrim("counterparty") AS "name", "created_at" FROM "finance_entries"
  WHERE "direction" = 'out' AND "customer_id" IS NULL AND btrim("counterparty") <> ''
  UNION ALL
  SELECT btrim("supplier") AS "name", "created_at" FROM "stock_movements"
  WHERE "kind" = 'entry' AND btrim("supplier") <> ''
) AS "typed"
ORDER BY lower("name"), "created_at"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "finance_entries" AS "e" SET "supplier_id" = "s"."id"
FROM "suppliers" AS "s"
WHERE "e"."direction" = 'out' AND "e"."customer_id" IS NULL AND "e"."supplier_id" IS NULL
  AND lower(btrim("e"."counterparty")) = lower("s"."name");
--> statement-breakpoint
UPDATE "stock_movements" AS "m" SET "supplier_id" = "s"."id"
FROM "suppliers" AS "s"
WHERE "m"."kind" = 'entry' AND "m"."supplier_id" IS NULL AND lower(btrim("m"."supplier")) = lower("s"."name");
--> statement-breakpoint
-- Stock typed as initial (the product form or a CSV import) was in the shop
-- before the software: paid long ago, never a bill due today. Its open
-- payables are cancelled, kept, with the reason.
UPDATE "finance_entries" AS "e" SET
  "cancelled_at" = now(),
  "cancelled_by_label" = 'Migração 0034',
  "cancel_reason" = 'Estoque inicial: já pago antes do sistema, não é conta a pagar.'
FROM "stock_movements" AS "m"
WHERE "e"."origin_kind" = 'stock-movement' AND "e"."origin_id" = "m"."id"
  AND "m"."reason" = 'Estoque inicial'
  AND "e"."paid_date" IS NULL AND "e"."cancelled_at" IS NULL;
