import { defineCustomerAccountsSuite } from "./customer-accounts-suite";

defineCustomerAccountsSuite("pglite");
