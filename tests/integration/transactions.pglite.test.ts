import { defineTransactionsSuite } from "./transactions-suite";

defineTransactionsSuite("pglite");
