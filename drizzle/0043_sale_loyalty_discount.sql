ALTER TABLE "sales" ADD COLUMN "loyalty_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "loyalty_level_name" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "loyalty_discount_basis_points" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_loyalty_discount" CHECK ("sales"."loyalty_discount_cents" between 0 and "sales"."discount_cents");