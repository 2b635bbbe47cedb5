import { defineTrafficSuite } from "./traffic-suite";

defineTrafficSuite("pglite");
