CREATE TABLE "upload_variants" (
	"upload_id" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "upload_variants_upload_id_format_width_pk" PRIMARY KEY("upload_id","format","width")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"source_format" text NOT NULL,
	"source_width" integer NOT NULL,
	"source_height" integer NOT NULL,
	"source_bytes" integer NOT NULL,
	"uploaded_by_user_id" text,
	"uploaded_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_user_id_user_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_purpose_created_idx" ON "uploads" USING btree ("purpose","created_at");