import { defineDashboardSuite } from "./dashboard-suite";

defineDashboardSuite("postgres");
