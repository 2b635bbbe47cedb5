import { defineFinanceReportSuite } from "./finance-report-suite";

defineFinanceReportSuite("pglite");
