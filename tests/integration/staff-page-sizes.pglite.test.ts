import { defineStaffPageSizesSuite } from "./staff-page-sizes-suite";

defineStaffPageSizesSuite("pglite");
