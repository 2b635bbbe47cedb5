import { defineDashboardSuite } from "./dashboard-suite";

defineDashboardSuite("pglite");
