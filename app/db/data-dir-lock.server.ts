import fs from "node:fs";
import path from "node:path";

/**
 * PGlite corrupts its files if two processes open the same folder, so the
 * process that opens it writes its pid to DATA_DIR/pglite.lock. A lock whose
 * process is gone is stale and taken over.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(`A pasta de dados ${dataDir} está em uso pelo processo ${pid}.`);
  }
}

function lockFile(dataDir: string) {
  return path.join(dataDir, "pglite.lock");
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid holding the data folder, or null when it is free. */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), "utf8"));
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string) {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = dataDirHolder(dataDir);
      if (holder === process.pid) return;
      if (holder !== null) throw new DataDirBusyError(holder, dataDir);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Não foi possível reservar a pasta de dados ${dataDir}.`);
}

export function releaseDataDirLock(dataDir: string) {
  if (dataDirHolder(dataDir) === process.pid) fs.rmSync(lockFile(dataDir), { force: true });
}
