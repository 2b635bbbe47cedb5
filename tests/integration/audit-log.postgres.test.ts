import { defineAuditLogSuite } from "./audit-log-suite";

defineAuditLogSuite("postgres");
