import { defineDemoDocumentsSuite } from "./demo-documents-suite";

defineDemoDocumentsSuite("pglite");
