CREATE TABLE "data_deletion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_label" text,
	"subject_label" text,
	"customer_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_deletion_requests_status_idx" ON "data_deletion_requests" USING btree ("status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "data_deletion_requests_pending_user_idx" ON "data_deletion_requests" USING btree ("user_id") WHERE "data_deletion_requests"."status" = 'pending';