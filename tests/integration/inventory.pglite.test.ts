import { defineInventorySuite } from "./inventory-suite";

defineInventorySuite("pglite");
