import { definePublicTrackingSuite } from "./public-tracking-suite";

definePublicTrackingSuite("pglite");
