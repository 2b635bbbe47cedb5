import { defineScheduledJobsSuite } from "./scheduled-jobs-suite";

defineScheduledJobsSuite("pglite");
