import { defineAuditCoverageSuite } from "./audit-coverage-suite";

defineAuditCoverageSuite("pglite");
