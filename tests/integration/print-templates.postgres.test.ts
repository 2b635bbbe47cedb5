import { definePrintTemplatesSuite } from "./print-templates-suite";

definePrintTemplatesSuite("postgres");
