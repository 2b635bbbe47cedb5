import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite lets one process open a data folder, so command-line tools talk to
 * a running server through a Unix socket in DATA_DIR (mode 0600: only the
 * server's own user can use it). One JSON line in, one JSON line out.
 */
export type AdminCommand = { command: "set-role"; email: string; role: string } | { command: "backup"; file: string };
export type AdminReply = { ok: true; message: string } | { ok: false; message: string };

export function adminSocketPath(dataDir: string) {
  return path.join(dataDir, "admin.sock");
}

export function startAdminSocket(dataDir: string, handle: (command: AdminCommand) => Promise<AdminReply>) {
  const socketPath = adminSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", async (chunk) => {
      buffer += chunk;
      if (buffer.length > 10_000) return socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      let reply: AdminReply;
      try {
        reply = await handle(JSON.parse(buffer.slice(0, newline)) as AdminCommand);
      } catch (error) {
        reply = { ok: false, message: error instanceof Error ? error.message : "Comando inválido." };
      }
      socket.end(`${JSON.stringify(reply)}\n`);
    });
    socket.on("error", () => socket.destroy());
  });
  server.listen(socketPath, () => fs.chmodSync(socketPath, 0o600));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** `timeoutMs`: how long the server may stay silent (a backup answers only once its file is written). */
export function sendAdminCommand(dataDir: string, command: AdminCommand, { timeoutMs = 15_000 } = {}): Promise<AdminReply> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(adminSocketPath(dataDir));
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("O servidor não respondeu a tempo.")));
    socket.on("connect", () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on("data", (chunk) => (buffer += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as AdminReply);
      } catch {
        reject(new Error("Resposta inválida do servidor."));
      }
    });
    socket.on("error", reject);
  });
}
