import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyPgliteTemplate } from "../support/pglite-template";

/**
 * The PGlite data folder's lock with real processes: a stand-in for the
 * server (tests/support/data-dir-writer.ts, which opens the folder as
 * server.ts does) is killed with SIGKILL in the middle of its writes and
 * must come back on its own, whatever the lock it left says; while one
 * lives, server.ts refuses to start on the same folder, and the scripts
 * reach it through its admin socket.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const dataDir = process.env.DATA_DIR ?? "";
const lockFile = path.join(dataDir, "pglite.lock");
const adminSocketFile = path.join(dataDir, "admin.sock");
const PROCESS_TIMEOUT_MS = 240_000;
/** E2E_PORT of this worktree: server.ts must be refused before it ever listens. */
const SERVER_PORT = "3330";

class Running {
  output = "";
  errors = "";
  readonly exited: Promise<number | null>;
  private readonly waiting = new Set<() => void>();

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      this.output += chunk;
      for (const check of this.waiting) check();
    });
    child.stderr.on("data", (chunk: string) => (this.errors += chunk));
    this.exited = new Promise((resolve) =>
      child.on("exit", (code) => {
        for (const check of this.waiting) check();
        resolve(code);
      }),
    );
  }

  get pid() {
    return this.child.pid ?? 0;
  }

  /** The first line of stdout matching `pattern`; rejects if the process ends without one. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(this.output);
        if (match) {
          this.waiting.delete(check);
          resolve(match);
        } else if (this.child.exitCode !== null || this.child.signalCode !== null) {
          this.waiting.delete(check);
          reject(new Error(`processo ${this.pid} terminou sem ${pattern}:\n${this.output}\n${this.errors}`));
        }
      };
      this.waiting.add(check);
      check();
    });
  }

  /** The last write the process saw acknowledged. */
  lastWritten() {
    return Math.max(0, ...[...this.output.matchAll(/^gravada (\d+)$/gm)].map((match) => Number(match[1])));
  }
}

const running = new Set<Running>();

function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const started = new Running(child);
  running.add(started);
  void started.exited.then(() => running.delete(started));
  return started;
}

function startWriter() {
  return start(process.execPath, ["--import", "tsx", "tests/support/data-dir-writer.ts"]);
}

async function killHard(writer: Running) {
  writer.child.kill("SIGKILL");
  await writer.exited;
}

async function waitForFile(file: string) {
  while (!fs.existsSync(file)) await delay(20);
}

describe("trava da pasta de dados do PGlite (processos de verdade)", () => {
  let customerEmail: string;

  beforeAll(async () => {
    await copyPgliteTemplate(dataDir);
    const { DEMO_CUSTOMERS } = await import("~/modules/demo/seed.server");
    customerEmail = DEMO_CUSTOMERS[0]?.email ?? "";
  });

  afterAll(async () => {
    for (const started of running) await killHard(started);
  });

  it(
    "morto com kill -9 no meio das escritas, volta sozinho, mesmo com uma trava velha que nomeia um processo vivo",
    async () => {
      let acknowledged = 0;
      const crashed = startWriter();
      await crashed.waitFor(/^gravada 10$/m);
      await killHard(crashed);
      acknowledged = crashed.lastWritten();
      // What kill -9 leaves: the lock of a process that is gone.
      expect(fs.existsSync(lockFile)).toBe(true);

      // Then a lock naming live processes that are not a server (after a reboot pids are reused):
      // this test's own process, and init.
      for (const stale of ["left-by-kill", String(process.pid), "1"]) {
        if (stale !== "left-by-kill") {
          fs.rmSync(lockFile, { force: true });
          fs.writeFileSync(lockFile, stale, { mode: 0o600 });
        }
        const restarted = startWriter();
        const [, rows] = await restarted.waitFor(/^pronto (\d+)$/m);
        // Every acknowledged write survived the crash.
        expect(Number(rows)).toBeGreaterThanOrEqual(acknowledged);
        await restarted.waitFor(/^gravada 5$/m);
        await killHard(restarted);
        acknowledged = Number(rows) + restarted.lastWritten();
      }
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "com um servidor no ar, um segundo é recusado com a mensagem em português, e os scripts falam com o primeiro",
    async () => {
      const live = startWriter();
      await live.waitFor(/^gravada 1$/m);
      await waitForFile(adminSocketFile);

      const second = start(process.execPath, ["server.ts"], {
        NODE_ENV: "production",
        PORT: SERVER_PORT,
        LOG_LEVEL: "warn",
      });
      expect(await second.exited).toBe(1);
      expect(second.errors).toContain(
        `A pasta de dados ${dataDir} está em uso pelo processo ${live.pid}. Pare o outro servidor ou use outro DATA_DIR.`,
      );

      // user:role goes through the running server's admin socket.
      const promote = start("npm", ["run", "--silent", "user:role", "--", customerEmail, "staff"]);
      expect(await promote.exited).toBe(0);
      expect(promote.output).toContain(`${customerEmail}: customer → staff`);
      const writtenBefore = live.lastWritten();
      await live.waitFor(new RegExp(`^gravada ${writtenBefore + 1}$`, "m"));

      // Stopped cleanly, it frees the folder: the script then opens it itself.
      live.child.kill("SIGTERM");
      expect(await live.exited).toBe(0);
      expect(fs.existsSync(lockFile)).toBe(false);
      const demote = start("npm", ["run", "--silent", "user:role", "--", customerEmail, "customer"]);
      expect(await demote.exited).toBe(0);
      expect(demote.output).toContain(`${customerEmail}: staff → customer`);
    },
    PROCESS_TIMEOUT_MS,
  );
});
