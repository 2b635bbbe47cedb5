import { defineCreditPlansSuite } from "./credit-plans-suite";

defineCreditPlansSuite("pglite");
