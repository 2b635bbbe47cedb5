DROP INDEX "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
-- The log is append-only: nobody changes or deletes an entry through the app (issue 25 §3). The one exception is
-- the LGPD anonymiser, which redacts personal data inside entries in place, in a transaction that says so with
-- `set local balcao.audit_redaction = 'on'` (app/modules/audit/redaction.server.ts).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('balcao.audit_redaction', true) = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'O registro de auditoria não pode ser alterado nem apagado.' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
