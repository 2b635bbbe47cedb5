-- The keys of order payments move to the one idempotency table (decision 0012): a replay of a form
-- rendered before this migration is still recognised and answered with the payment it recorded.
INSERT INTO "idempotency_keys" ("key", "scope", "result", "actor_user_id", "created_at")
SELECT "idempotency_key",
       'service-order.payment:' || "order_id",
       jsonb_build_object('paymentId', "id", 'amountCents', "amount_cents"),
       "received_by_user_id",
       "created_at"
FROM "service_order_payments"
WHERE "idempotency_key" IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
