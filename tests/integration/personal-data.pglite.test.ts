import { definePersonalDataSuite } from "./personal-data-suite";

definePersonalDataSuite("pglite");
