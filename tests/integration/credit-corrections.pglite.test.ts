import { defineCreditCorrectionsSuite } from "./credit-corrections-suite";

defineCreditCorrectionsSuite("pglite");
