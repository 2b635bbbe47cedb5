import { defineCustomerAreaSuite } from "./customer-area-suite";

defineCustomerAreaSuite("pglite");
