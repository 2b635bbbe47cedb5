import { definePrintDocumentsSuite } from "./print-documents-suite";

definePrintDocumentsSuite("pglite");
