import { defineNewPrintsSuite } from "./new-prints-suite";

defineNewPrintsSuite("pglite");
