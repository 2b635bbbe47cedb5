import { defineUploadsSuite } from "./uploads-suite";

defineUploadsSuite("pglite");
