CREATE TABLE "cash_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"opening_float_cents" integer NOT NULL,
	"opened_by_user_id" text,
	"opened_by_label" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by_user_id" text,
	"closed_by_label" text,
	"closed_at" timestamp with time zone,
	"counted_cash_cents" integer,
	"counted_denominations" jsonb,
	"closing_totals" jsonb,
	"closing_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "cash_registers_float_non_negative" CHECK ("cash_registers"."opening_float_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "register_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tendered_cents" integer,
	"instalments" integer,
	"sale_id" integer,
	"service_order_payment_id" integer,
	"sale_return_id" integer,
	"customer_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"pix_pending" boolean DEFAULT false NOT NULL,
	"pix_confirmed_at" timestamp with time zone,
	"pix_confirmed_by_label" text,
	"business_date" date NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_label" text,
	"cancel_reason" text,
	CONSTRAINT "register_entries_cash_in_register" CHECK ("register_entries"."method" <> 'cash' or "register_entries"."register_id" is not null),
	CONSTRAINT "register_entries_amount_not_zero" CHECK ("register_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" integer NOT NULL,
	"unit_id" integer,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"unit_cost_cents" integer DEFAULT 0 NOT NULL,
	"revenue_source" text NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_items_amounts" CHECK ("sale_items"."quantity" > 0 and "sale_items"."unit_price_cents" >= 0 and "sale_items"."discount_cents" >= 0 and "sale_items"."total_cents" = "sale_items"."quantity" * "sale_items"."unit_price_cents" - "sale_items"."discount_cents" and "sale_items"."total_cents" >= 0 and "sale_items"."returned_quantity" between 0 and "sale_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "sale_return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"sale_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "sale_return_items_quantity" CHECK ("sale_return_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"settlement" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_amount" CHECK ("sale_returns"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer,
	"customer_id" integer,
	"status" text DEFAULT 'completed' NOT NULL,
	"items_total_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"code" text NOT NULL,
	"created_by_user_id" text,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_label" text,
	"cancel_reason" text,
	CONSTRAINT "sales_totals" CHECK ("sales"."items_total_cents" >= 0 and "sales"."discount_cents" >= 0 and "sales"."total_cents" = "sales"."items_total_cents" - "sales"."discount_cents" and "sales"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"sale_return_id" integer,
	"sale_id" integer,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"serial" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"status" text DEFAULT 'in-stock' NOT NULL,
	"destination" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_units_cost_non_negative" CHECK ("product_units"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"average_cost_cents" integer DEFAULT 0 NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"minimum_stock" integer DEFAULT 0 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"photo_upload_id" text,
	"description" text DEFAULT '' NOT NULL,
	"shown_in_shop" boolean DEFAULT false NOT NULL,
	"part_origin" text,
	"is_serialised" boolean DEFAULT false NOT NULL,
	"revenue_source" text DEFAULT 'products' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_money_non_negative" CHECK ("products"."price_cents" >= 0 and "products"."average_cost_cents" >= 0),
	CONSTRAINT "products_reserved_non_negative" CHECK ("products"."reserved_quantity" >= 0 and "products"."minimum_stock" >= 0),
	CONSTRAINT "products_service_no_stock" CHECK ("products"."kind" <> 'service' or ("products"."stock_quantity" = 0 and not "products"."is_serialised"))
);
--> statement-breakpoint
CREATE TABLE "stock_count_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"count_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"expected_quantity" integer NOT NULL,
	"counted_quantity" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"started_by_label" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_label" text
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"unit_id" integer,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_cents" integer DEFAULT 0 NOT NULL,
	"balance_after" integer NOT NULL,
	"average_cost_after_cents" integer NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_not_zero" CHECK ("stock_movements"."quantity" <> 0)
);
--> statement-breakpoint
ALTER TABLE "service_order_lines" ADD COLUMN "product_unit_id" integer;--> statement-breakpoint
ALTER TABLE "service_order_lines" ADD COLUMN "stock_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_order_lines" ADD COLUMN "part_origin" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "parts_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "parts_consent_by" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "allow_negative_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "pix_discount_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_opened_by_user_id_user_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_closed_by_user_id_user_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_service_order_payment_id_service_order_payments_id_fk" FOREIGN KEY ("service_order_payment_id") REFERENCES "public"."service_order_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_sale_return_id_sale_returns_id_fk" FOREIGN KEY ("sale_return_id") REFERENCES "public"."sale_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_unit_id_product_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."product_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_sale_item_id_sale_items_id_fk" FOREIGN KEY ("sale_item_id") REFERENCES "public"."sale_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_sale_return_id_sale_returns_id_fk" FOREIGN KEY ("sale_return_id") REFERENCES "public"."sale_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_units" ADD CONSTRAINT "product_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_items" ADD CONSTRAINT "stock_count_items_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_items" ADD CONSTRAINT "stock_count_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_unit_id_product_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."product_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_registers_one_open_idx" ON "cash_registers" USING btree ("is_open") WHERE "cash_registers"."is_open";--> statement-breakpoint
CREATE INDEX "cash_registers_opened_idx" ON "cash_registers" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "register_entries_register_idx" ON "register_entries" USING btree ("register_id","created_at");--> statement-breakpoint
CREATE INDEX "register_entries_unassigned_idx" ON "register_entries" USING btree ("business_date") WHERE "register_entries"."register_id" is null;--> statement-breakpoint
CREATE INDEX "register_entries_sale_idx" ON "register_entries" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "register_entries_order_payment_idx" ON "register_entries" USING btree ("service_order_payment_id");--> statement-breakpoint
CREATE INDEX "register_entries_customer_idx" ON "register_entries" USING btree ("customer_id") WHERE "register_entries"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "sale_items_sale_idx" ON "sale_items" USING btree ("sale_id","position");--> statement-breakpoint
CREATE INDEX "sale_items_unit_idx" ON "sale_items" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "sale_return_items_return_idx" ON "sale_return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_code_idx" ON "sales" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sales_created_idx" ON "sales" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_register_idx" ON "sales" USING btree ("register_id");--> statement-breakpoint
CREATE INDEX "store_credit_movements_customer_idx" ON "store_credit_movements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_units_serial_idx" ON "product_units" USING btree ("product_id","serial");--> statement-breakpoint
CREATE INDEX "product_units_serial_search_idx" ON "product_units" USING btree ("serial" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_units_product_status_idx" ON "product_units" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_idx" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_idx" ON "products" USING btree ("barcode") WHERE "products"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" USING btree ("category","name");--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("category","name") WHERE "products"."shown_in_shop" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("name") WHERE "products"."kind" <> 'service' and "products"."archived_at" is null and "products"."stock_quantity" <= "products"."minimum_stock";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_items_product_idx" ON "stock_count_items" USING btree ("count_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_origin_idx" ON "stock_movements" USING btree ("origin");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
-- Lines could name a product before the inventory existed; no product exists yet, so none of those ids can be kept.
UPDATE "service_order_lines" SET "product_id" = NULL WHERE "product_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "service_order_lines" ADD CONSTRAINT "service_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_lines" ADD CONSTRAINT "service_order_lines_product_unit_id_product_units_id_fk" FOREIGN KEY ("product_unit_id") REFERENCES "public"."product_units"("id") ON DELETE no action ON UPDATE no action;