import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startExtraServer } from "./support/server-process";
import { expect, test } from "./support/test";

/**
 * `npm start` as a supervisor runs it (systemd, `timeout`, a container):
 * with an output nobody reads, it keeps answering, and SIGTERM to npm alone
 * or to its whole process group ends npm and the server, leaving nothing
 * behind. A server that logged to a full pipe used to freeze, and a SIGTERM
 * then never ended it.
 */
test.describe.configure({ mode: "serial" });

const scratch = (name: string) => path.join(os.tmpdir(), `balcao-e2e-process-${name}-${process.pid}`);

/** `npm start` in a process group of its own, its stdout a pipe that is never read. */
async function startUnreadNpm(dataDir: string) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { copyPgliteTemplate } = await import("../support/pglite-template");
  await copyPgliteTemplate(dataDir);
  const port = await freePort();
  const npm = spawn("npm", ["start"], {
    detached: true,
    // No listener on stdout: once the pipe's buffer is full, nothing more is taken from it.
    stdio: ["ignore", "pipe", "ignore"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      RATE_LIMIT: "off",
      // Every request is a log line.
      LOG_LEVEL: "info",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await expect(async () => {
    expect((await fetch(`${url}/readyz`)).ok).toBe(true);
  }).toPass({ timeout: 60_000 });
  return { npm, url };
}

function isGroupAlive(leader: ChildProcess) {
  try {
    process.kill(-leader.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** Far more log lines than a pipe holds (64 KB): a server that blocks on its output stops answering here. */
async function flood(url: string) {
  for (let sent = 0; sent < 2_000; sent += 10) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(15_000) })),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
  }
}

for (const target of ["npm", "the process group"] as const) {
  test(`com a saída sem leitor, o servidor responde e termina com SIGTERM para ${target === "npm" ? "o npm" : "o grupo de processos"}`, async ({
    isMobile,
  }) => {
    test.skip(isMobile, "processo, não tela");
    test.slow();
    const dataDir = scratch(target === "npm" ? "npm" : "group");
    const { npm, url } = await startUnreadNpm(dataDir);
    try {
      await flood(url);
      const exited = once(npm, "exit");
      process.kill(target === "npm" ? npm.pid! : -npm.pid!, "SIGTERM");
      // In-flight work, e-mails and the database get their time; a stalled log reader gets two seconds.
      await expect.poll(() => npm.exitCode !== null || npm.signalCode !== null, { timeout: 12_000 }).toBe(true);
      await exited;
      await expect.poll(() => isGroupAlive(npm), { timeout: 5_000 }).toBe(false);
      // The data folder was released: its lock socket is gone.
      expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    } finally {
      if (isGroupAlive(npm)) process.kill(-npm.pid!, "SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test("numa porta já em uso, recusa em português antes de tocar no banco", async ({ isMobile }) => {
  test.skip(isMobile, "processo, não tela");
  // Two servers start here, one after the other.
  test.slow();
  const first = await startExtraServer({ dataDir: scratch("first") });
  const secondDir = scratch("second");
  fs.rmSync(secondDir, { recursive: true, force: true });
  fs.mkdirSync(secondDir, { recursive: true });
  try {
    const port = new URL(first.url).port;
    const second = spawn("npm", ["start", "--silent"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PORT: port, DATA_DIR: secondDir, DATABASE_URL: "", SMTP_URL: "" },
    });
    let output = "";
    second.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    second.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const [code] = (await once(second, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain(`A porta ${port} já está em uso por outro programa.`);
    expect(output).not.toContain("configurar?token=");
    expect(output).not.toMatch(/at .*\.js:\d+/);
    // Nothing was created or seeded in its data folder.
    expect(fs.readdirSync(secondDir)).toEqual([]);
    expect((await fetch(`${first.url}/readyz`)).ok).toBe(true);
  } finally {
    await first.stop();
    fs.rmSync(secondDir, { recursive: true, force: true });
  }
});
