import { defineCustomersSuite } from "./customers-suite";

defineCustomersSuite("pglite");
