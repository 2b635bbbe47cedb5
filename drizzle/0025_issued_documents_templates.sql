ALTER TABLE "issued_documents" ALTER COLUMN "bodies" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "templates" jsonb DEFAULT '{}'::jsonb NOT NULL;