import { defineIdempotentActionsSuite } from "./idempotent-actions-suite";

defineIdempotentActionsSuite("pglite");
