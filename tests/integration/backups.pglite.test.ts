import { defineBackupSuite } from "./backups-suite";

defineBackupSuite("pglite");
