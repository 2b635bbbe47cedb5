import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { OWNER_ONLY_FILE } from "~/lib/data-dir.server";

/**
 * PGlite corrupts its files if two processes open the same folder, so the
 * process that opens it listens on a Unix socket at DATA_DIR/pglite.lock
 * (decision 0013). The operating system closes that socket when its
 * process dies, however it dies (kill -9, a power cut): a socket nobody
 * answers on is stale and taken over at once. A pid in a file, as before,
 * could name an unrelated live process after a crash or a reboot and keep
 * the server from coming back.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly pid: number | null,
    dataDir: string,
  ) {
    super(`A pasta de dados ${dataDir} está em uso ${pid === null ? "por outro processo" : `pelo processo ${pid}`}.`);
  }
}

/** A live process holding the folder; `pid` is null when it did not say in time (its event loop busy). */
export type DataDirHolder = { pid: number | null };

/** "processo 639", for messages about the holder. */
export function describeHolder(holder: DataDirHolder) {
  return holder.pid === null ? "outro processo" : `processo ${holder.pid}`;
}

/** How long a holder that accepted the connection may take to say its pid. */
const PID_REPLY_TIMEOUT_MS = 5_000;

function lockPath(dataDir: string) {
  return path.join(dataDir, "pglite.lock");
}

/** The folders this process holds. */
const held = new Map<string, net.Server>();

/** The live process holding the data folder, or null when it is free (no lock, or a stale one). */
export function dataDirHolder(dataDir: string): Promise<DataDirHolder | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(lockPath(dataDir));
    let reply = "";
    let isConnected = false;
    const answer = () => {
      socket.destroy();
      const pid = Number(reply.trim());
      resolve({ pid: Number.isInteger(pid) && pid > 0 ? pid : null });
    };
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      isConnected = true;
      socket.setTimeout(PID_REPLY_TIMEOUT_MS, answer);
    });
    socket.on("data", (chunk: string) => (reply += chunk));
    socket.on("end", answer);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (isConnected) return answer();
      // No file, a file that is not a socket (an old pid file), or a socket whose process is gone.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED" || error.code === "ENOTSOCK") return resolve(null);
      reject(error);
    });
  });
}

/** Listens on the lock's path; false when something is already there. */
function listenOnLock(dataDir: string): Promise<net.Server | null> {
  const file = lockPath(dataDir);
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on("error", () => socket.destroy());
      socket.end(`${process.pid}\n`);
    });
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") return resolve(null);
      reject(
        new Error(
          `Não foi possível reservar a pasta de dados ${dataDir} (${error.code ?? error.message}).` +
            (error.code === "ENAMETOOLONG" ? " O caminho é longo demais para um socket: use uma pasta mais curta." : ""),
        ),
      );
    });
    server.listen(file, () => {
      fs.chmodSync(file, OWNER_ONLY_FILE);
      // The lock never keeps a process alive by itself (a script ends when its work does).
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Takes the data folder for this process; DataDirBusyError when another
 * live process holds it. Taking it again in the same process is a no-op.
 */
export async function acquireDataDirLock(dataDir: string): Promise<void> {
  if (held.has(dataDir)) return;
  for (let attempt = 0; attempt < 3; attempt++) {
    const server = await listenOnLock(dataDir);
    if (server) {
      held.set(dataDir, server);
      return;
    }
    const holder = await dataDirHolder(dataDir);
    if (holder?.pid === process.pid) return;
    if (holder) throw new DataDirBusyError(holder.pid, dataDir);
    // Left by a process that died (or an old pid file): nobody answers on it.
    fs.rmSync(lockPath(dataDir), { force: true });
  }
  throw new Error(`Não foi possível reservar a pasta de dados ${dataDir}.`);
}

export async function releaseDataDirLock(dataDir: string): Promise<void> {
  const server = held.get(dataDir);
  if (!server) return;
  held.delete(dataDir);
  // Closing a listening Unix socket removes its file.
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
