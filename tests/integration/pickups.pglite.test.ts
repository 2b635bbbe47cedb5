import { definePickupsSuite } from "./pickups-suite";

definePickupsSuite("pglite");
