import { defineServiceOrdersSuite } from "./service-orders-suite";

defineServiceOrdersSuite("pglite");
