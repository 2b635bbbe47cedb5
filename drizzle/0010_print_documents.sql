CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"data" jsonb NOT NULL,
	"bodies" jsonb NOT NULL,
	"issued_by_user_id" text,
	"issued_by_label" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"paper" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_issued_by_user_id_user_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_templates" ADD CONSTRAINT "print_templates_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_kind_subject_idx" ON "issued_documents" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "issued_documents_issued_at_idx" ON "issued_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "print_templates_kind_paper_idx" ON "print_templates" USING btree ("kind","paper");