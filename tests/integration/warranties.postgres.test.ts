import { defineWarrantiesSuite } from "./warranties-suite";

defineWarrantiesSuite("postgres");
