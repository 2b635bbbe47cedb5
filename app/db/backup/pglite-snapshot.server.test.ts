import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { BackupError } from "./backup-format";
import { createBackupFromFolderCopy } from "./pglite-snapshot.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-snapshot-room-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("cópia de segurança do PGlite num disco sem espaço", () => {
  it("recusa antes do CHECKPOINT, com uma mensagem clara, e deixa a próxima tentar", async () => {
    // A CHECKPOINT that fails for want of space leaves PGlite stuck until a restart (npm run proof:disk): a folder
    // larger than the free space (a sparse file: nothing is really written) must be refused before it.
    const pgliteFolder = path.join(dataDir, "pglite");
    fs.mkdirSync(path.join(pgliteFolder, "base"), { recursive: true });
    const stats = fs.statfsSync(dataDir);
    const relation = path.join(pgliteFolder, "base", "16384");
    fs.writeFileSync(relation, "");
    fs.truncateSync(relation, stats.bavail * stats.bsize + 1024 ** 3);
    const transaction = vi.fn(() => Promise.reject(new Error("o CHECKPOINT foi tentado")));
    const db = { transaction } as unknown as Database;
    const file = path.join(dataDir, "copia.balcao-backup.gz");
    for (let attempt = 0; attempt < 2; attempt++) {
      const failure = await createBackupFromFolderCopy(db, { pgliteFolder, file, migrations: [] }).catch((error: Error) => error);
      expect(failure).toBeInstanceOf(BackupError);
      expect((failure as Error).message).toMatch(
        /^Não há espaço no disco para a cópia de segurança: ela precisa de [\d.]+ MB livres/,
      );
    }
    expect(transaction).not.toHaveBeenCalled();
    expect(fs.readdirSync(dataDir).sort()).toEqual(["pglite"]);
  });
});
