import { defineCustomerPageSuite } from "./customer-page-suite";

defineCustomerPageSuite("pglite");
