import { defineBoundedListsSuite } from "./bounded-lists-suite";

defineBoundedListsSuite("pglite");
