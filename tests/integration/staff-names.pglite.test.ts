import { defineStaffNamesSuite } from "./staff-names-suite";

defineStaffNamesSuite("pglite");
