import { defineWarrantiesSuite } from "./warranties-suite";

defineWarrantiesSuite("pglite");
