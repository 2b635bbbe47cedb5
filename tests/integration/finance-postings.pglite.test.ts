import { defineFinancePostingsSuite } from "./finance-postings-suite";

defineFinancePostingsSuite("pglite");
