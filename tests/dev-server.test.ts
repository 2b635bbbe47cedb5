import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { resolveConfig } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BEYOND_LOCALHOST_MESSAGE, listensBeyondLocalhost } from "../scripts/support/dev-server-plugin";

/**
 * The development server (`npm run dev`, React Router's `react-router dev`)
 * answers through the production server's app (scripts/support/dev-server-plugin.ts):
 * the same headers, the same refusal of another site's posts, and error pages
 * without a stack trace; and it refuses to listen beyond this machine. Its
 * database is one that does not answer, so every page fails in its loaders.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const UNREACHABLE_DATABASE = "postgres://ninguem:nada@127.0.0.1:1/nada";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startDev(port: number, args: string[] = []) {
  const child = spawn(path.join(ROOT, "node_modules", ".bin", "react-router"), ["dev", ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: UNREACHABLE_DATABASE, NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return { child, output: () => output };
}

function stop(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null) return;
  // Its own process group (detached): React Router's dev command relaunches itself in a child process.
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("listensBeyondLocalhost", () => {
  it("lets localhost and loopback addresses through, and refuses every interface or another address", () => {
    for (const host of [undefined, false, "localhost", "127.0.0.1", "::1", "[::1]"])
      expect(listensBeyondLocalhost(host)).toBe(false);
    for (const host of [true, "0.0.0.0", "::", "192.168.0.10", "loja.example"]) expect(listensBeyondLocalhost(host)).toBe(true);
  });
});

describe("configuração do servidor de desenvolvimento", () => {
  it("recusa escutar além desta máquina (--host, vite preview --host)", async () => {
    const configFile = path.join(ROOT, "vite.config.ts");
    for (const overrides of [{ server: { host: "0.0.0.0" } }, { server: { host: true } }, { preview: { host: "0.0.0.0" } }]) {
      await expect(resolveConfig({ configFile, ...overrides }, "serve"), JSON.stringify(overrides)).rejects.toThrow(
        BEYOND_LOCALHOST_MESSAGE,
      );
    }
    const resolved = await resolveConfig({ configFile }, "serve");
    // Ahead of React Router's: its dev handler would otherwise answer the pages, without the app's protections.
    const names = resolved.plugins.map((plugin) => plugin.name);
    const ours = names.indexOf("balcao:production-protections-in-dev");
    expect(ours).toBeGreaterThanOrEqual(0);
    expect(ours).toBeLessThan(names.indexOf("react-router"));
    expect(resolved.server.strictPort).toBe(true);
  }, 30_000);
});

/**
 * Starting the development server and building its routes takes 20–60 s: a proof run on its own
 * (`npm run proof:dev-server`), not in `npm test`; the configuration check above holds the plugin in place.
 */
describe.runIf(process.env.BALCAO_DEV_SERVER_PROOF === "1")("servidor de desenvolvimento", () => {
  let dev: ReturnType<typeof startDev> | undefined;
  let baseUrl = "";

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    dev = startDev(port);
    await waitFor(() => dev?.output().includes(`localhost:${port}`) ?? false, "o servidor de desenvolvimento");
  }, 90_000);

  afterAll(() => stop(dev?.child));

  it("recusa o post de outra origem, ou sem origem, antes de qualquer ação", async () => {
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, {}];
    for (const headers of foreign) {
      for (const pathname of ["/contato", "/contato.data", "/api/auth/sign-in/email"]) {
        const response = await fetch(`${baseUrl}${pathname}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: "email=a%40b.example&password=x",
          redirect: "manual",
        });
        expect(response.status, `${pathname} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.text()).toContain("origem não permitida");
      }
    }
    const put = await fetch(`${baseUrl}/contato`, { method: "PUT" });
    expect(put.status).toBe(405);
  }, 120_000);
  it("responde o erro de um loader com a página do site, os cabeçalhos de produção e nenhum rastro de pilha", async () => {
    for (const pathname of ["/", "/_root.data", "/contato", "/dashboard.data"]) {
      const response = await fetch(`${baseUrl}${pathname}`, { redirect: "manual" });
      const body = await response.text();
      // A page whose loaders fail is a 500; a guarded page's data is the redirect to sign in (202 in single fetch).
      expect(response.status, pathname).not.toBe(200);
      expect(body, pathname).not.toMatch(/\n\s+at |\\n\s+at |Failed query|ECONNREFUSED/);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, pathname).toMatch(/script-src [^;]*'nonce-/);
      expect(csp, pathname).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), pathname).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), pathname).toBe("nosniff");
      expect(response.headers.get("permissions-policy") ?? "", pathname).toContain("camera=()");
      if (pathname === "/") expect(body).toContain("Algo deu errado");
    }
    // The first request builds the development server's route modules: slow on a busy machine.
  }, 120_000);
});
