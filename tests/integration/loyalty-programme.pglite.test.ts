import { defineLoyaltyProgrammeSuite } from "./loyalty-programme-suite";

defineLoyaltyProgrammeSuite("pglite");
