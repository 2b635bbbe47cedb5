CREATE TABLE "blog_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"body_markdown" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_order_id" integer,
	"sale_id" integer,
	"sale_item_id" integer,
	"unit_id" integer,
	"customer_id" integer,
	"customer_name" text DEFAULT '' NOT NULL,
	"item_description" text NOT NULL,
	"imei_or_serial" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"contractual_days" integer NOT NULL,
	"ends_on" date NOT NULL,
	"coverage" text NOT NULL,
	"exclusions" text NOT NULL,
	"technician_user_id" text,
	"issued_document_id" integer,
	"issued_by_user_id" text,
	"issued_by_label" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranties_one_subject" CHECK (("warranties"."service_order_id" is not null and "warranties"."sale_id" is null) or ("warranties"."service_order_id" is null and "warranties"."sale_id" is not null)),
	CONSTRAINT "warranties_period" CHECK ("warranties"."contractual_days" >= 90 and "warranties"."ends_on" = "warranties"."starts_on" + "warranties"."contractual_days")
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"warranty_id" integer NOT NULL,
	"service_order_id" integer NOT NULL,
	"reported_defect" text NOT NULL,
	"created_by_user_id" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "print_templates_kind_paper_idx";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_upload_id" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_by_user_id" text;--> statement-breakpoint
ALTER TABLE "print_templates" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "print_templates" ADD COLUMN "margins" jsonb;--> statement-breakpoint
ALTER TABLE "print_templates" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "print_templates" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "photo_upload_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "blog_slug_redirects" ADD CONSTRAINT "blog_slug_redirects_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_texts" ADD CONSTRAINT "site_texts_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_sale_item_id_sale_items_id_fk" FOREIGN KEY ("sale_item_id") REFERENCES "public"."sale_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_unit_id_product_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."product_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_technician_user_id_user_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_issued_document_id_issued_documents_id_fk" FOREIGN KEY ("issued_document_id") REFERENCES "public"."issued_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_issued_by_user_id_user_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warranties_service_order_idx" ON "warranties" USING btree ("service_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranties_sale_item_idx" ON "warranties" USING btree ("sale_item_id");--> statement-breakpoint
CREATE INDEX "warranties_customer_idx" ON "warranties" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "warranties_imei_idx" ON "warranties" USING btree ("imei_or_serial" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "warranties_imei_reversed_idx" ON "warranties" USING btree (reverse("imei_or_serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "warranties_ends_on_idx" ON "warranties" USING btree ("ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_service_order_idx" ON "warranty_claims" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "warranty_claims_warranty_idx" ON "warranty_claims" USING btree ("warranty_id","created_at");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_cover_upload_id_uploads_id_fk" FOREIGN KEY ("cover_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_templates_default_idx" ON "print_templates" USING btree ("kind","paper") WHERE "print_templates"."is_default";--> statement-breakpoint
CREATE INDEX "print_templates_kind_idx" ON "print_templates" USING btree ("kind","paper","name");--> statement-breakpoint
CREATE INDEX "reviews_position_idx" ON "reviews" USING btree ("position","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_import_key_idx" ON "reviews" USING btree ("import_key");--> statement-breakpoint
-- A template the shop saved before templates had names was the one its kind and paper printed with.
UPDATE "print_templates" SET "is_default" = true, "name" = 'Modelo da loja';--> statement-breakpoint
UPDATE "reviews" SET "source" = 'demo' WHERE "is_demo";
