import { definePrintTemplatesSuite } from "./print-templates-suite";

definePrintTemplatesSuite("pglite");
