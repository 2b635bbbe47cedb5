ALTER TABLE "service_order_payments" DROP CONSTRAINT "service_order_payments_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "service_order_payments" DROP COLUMN "idempotency_key";