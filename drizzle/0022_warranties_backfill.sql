-- Warranties for the orders delivered before warranties were rows of their
-- own (0021): each delivered order whose device was repaired (it went through
-- "ready") gets its contractual warranty from the delivery day in the shop's
-- calendar, with the usual coverage and exclusions, its technician (claims are
-- counted per technician) and the warranty term stored at its delivery, when
-- one was. The device is named as the app names it (service-orders/device-name.ts).
INSERT INTO "warranties" (
  "service_order_id", "customer_id", "customer_name", "item_description", "imei_or_serial",
  "starts_on", "contractual_days", "ends_on", "coverage", "exclusions",
  "technician_user_id", "issued_document_id", "issued_by_user_id", "issued_by_label", "is_demo", "created_at"
)
SELECT
  o."id",
  o."customer_id",
  c."name",
  concat_ws(' · ',
    CASE o."device_type"
      WHEN 'phone' THEN 'Celular' WHEN 'tablet' THEN 'Tablet' WHEN 'notebook' THEN 'Notebook'
      WHEN 'computer' THEN 'Computador' WHEN 'printer' THEN 'Impressora' WHEN 'console' THEN 'Console'
      WHEN 'watch' THEN 'Relógio' WHEN 'other' THEN 'Outro' ELSE nullif(o."device_type", '')
    END,
    nullif(concat_ws(' ', nullif(btrim(o."brand"), ''), nullif(btrim(o."model"), '')), '')
  ),
  o."imei_or_serial",
  (o."delivered_at" AT TIME ZONE 'America/Sao_Paulo')::date,
  o."warranty_days",
  (o."delivered_at" AT TIME ZONE 'America/Sao_Paulo')::date + o."warranty_days",
  'O serviço executado e as peças substituídas nesta ordem de serviço. Se o defeito reparado voltar dentro do prazo, a loja refaz o serviço e troca a peça sem custo.',
  E'Danos causados por contato com líquido ou umidade.\nQuedas, impactos, pressão ou trincas, na tela ou na carcaça.\nAparelho aberto, ajustado ou consertado por terceiros depois da entrega.\nMau uso, carregadores ou acessórios inadequados e descargas elétricas.\nDefeitos em outras partes do aparelho, sem relação com o que está coberto.',
  o."technician_user_id",
  d."id",
  d."issued_by_user_id",
  coalesce(d."issued_by_label", 'Migração (entrega anterior às garantias)'),
  o."is_demo",
  coalesce(d."issued_at", o."delivered_at")
FROM "service_orders" o
JOIN "customers" c ON c."id" = o."customer_id"
LEFT JOIN "issued_documents" d ON d."kind" = 'warranty-term' AND d."subject" = 'service_order:' || o."id"
WHERE o."status" = 'delivered'
  AND o."delivered_at" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "service_order_status_events" e WHERE e."order_id" = o."id" AND e."to_status" = 'ready')
  AND NOT EXISTS (SELECT 1 FROM "warranties" w WHERE w."service_order_id" = o."id");
