import { defineCreditPaymentsSuite } from "./credit-payments-suite";

defineCreditPaymentsSuite("pglite");
