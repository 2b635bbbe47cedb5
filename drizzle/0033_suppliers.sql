CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "finance_entries_origin_idx";--> statement-breakpoint
ALTER TABLE "finance_entries" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_idx" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_document_idx" ON "suppliers" USING btree ("document") WHERE "suppliers"."document" <> '';--> statement-breakpoint
CREATE INDEX "suppliers_name_folded_trgm_idx" ON "suppliers" USING gin (lower(translate("name", 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_entries_supplier_idx" ON "finance_entries" USING btree ("supplier_id","due_date") WHERE "finance_entries"."supplier_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_supplier_idx" ON "stock_movements" USING btree ("supplier_id","created_at") WHERE "stock_movements"."supplier_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_entries_origin_idx" ON "finance_entries" USING btree ("origin_kind","origin_id","category_id",coalesce("instalment_number", 0)) WHERE "finance_entries"."origin_kind" is not null;