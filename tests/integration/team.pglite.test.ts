import { defineTeamSuite } from "./team-suite";

defineTeamSuite("pglite");
