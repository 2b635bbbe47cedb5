import { defineDataDirFilesSuite } from "./data-dir-files-suite";

defineDataDirFilesSuite("pglite");
