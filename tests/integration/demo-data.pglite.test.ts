import { defineDemoDataSuite } from "./demo-data-suite";

defineDemoDataSuite("pglite");
