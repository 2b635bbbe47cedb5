import { defineOrderPartsSuite } from "./order-parts-suite";

defineOrderPartsSuite("pglite");
