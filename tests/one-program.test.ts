import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import os from "node:os";
import { isBuildFresh, SERVER_BUNDLE, stampBuild } from "../scripts/support/build-freshness";
import { findImports } from "./support/import-boundaries";

/**
 * Production is one program (decision 0021): server.ts holds no app module
 * (it only builds when needed and starts the server bundle), and the only
 * process-wide singletons are what the development server's hot reload must
 * keep: the database with its transaction bookkeeping, better-auth, the logger.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const DEVELOPMENT_RELOAD_SINGLETONS = [
  "auth",
  "database",
  "database-transaction-scope",
  "database-transaction-states",
  "log-output",
  "logger",
];

function appFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return appFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function importsOf(file: string) {
  return findImports(fs.readFileSync(path.join(ROOT, file), "utf8")).map((found) => found.specifier);
}

/** A made-up project: app/, a lockfile, and a build made at `at`. */
function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-build-freshness-"));
  fs.mkdirSync(path.join(root, "app"));
  fs.writeFileSync(path.join(root, "app", "root.tsx"), "export {};\n");
  fs.writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
  return root;
}
function build(root: string, at: Date) {
  fs.mkdirSync(path.dirname(path.join(root, SERVER_BUNDLE)), { recursive: true });
  fs.writeFileSync(path.join(root, SERVER_BUNDLE), "export {};\n");
  stampBuild(root);
  fs.utimesSync(path.join(root, SERVER_BUNDLE), at, at);
}

describe("um só programa em produção", () => {
  it("server.ts importa só módulos do Node e a regra do build, nenhum módulo do app", () => {
    expect(importsOf("server.ts").filter((specifier) => !specifier.startsWith("node:"))).toEqual([
      "./scripts/support/build-freshness.ts",
    ]);
    expect(importsOf("scripts/support/build-freshness.ts").every((specifier) => specifier.startsWith("node:"))).toBe(true);
  });

  it("npm start roda server.ts com o node do pacote node, substituindo o shell (os sinais chegam ao servidor)", () => {
    const { scripts, dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    // Two malloc arenas unless told otherwise: RSS without the fragmentation of one arena per thread (docs/reliability.md, "Soak").
    expect(scripts.start).toBe("NODE_ENV=production MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} exec node server.ts");
    expect(dependencies.node).toMatch(/^24\./);
  });

  it("só o que o recarregamento do servidor de desenvolvimento precisa fica em globalThis", () => {
    const names = appFiles("app").flatMap((file) =>
      [...fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(/\bsingleton\(\s*["'`]([^"'`]+)["'`]/g)].map(
        (match) => match[1]!,
      ),
    );
    expect(names.toSorted()).toEqual(DEVELOPMENT_RELOAD_SINGLETONS);
  });
});

describe("o build está em dia com o código", () => {
  const earlier = new Date(Date.now() - 60_000);

  it("sem build, ou com o código mais novo que ele, não está", () => {
    const root = project();
    expect(isBuildFresh(root)).toBe(false);
    build(root, earlier);
    fs.utimesSync(path.join(root, "app", "root.tsx"), earlier, earlier);
    fs.utimesSync(path.join(root, "app"), earlier, earlier);
    build(root, new Date());
    expect(isBuildFresh(root)).toBe(true);
    fs.writeFileSync(path.join(root, "app", "root.tsx"), "export const changed = true;\n");
    fs.utimesSync(path.join(root, SERVER_BUNDLE), earlier, earlier);
    expect(isBuildFresh(root)).toBe(false);
  });

  it("o package-lock.json regravado igual (npm prune --omit=dev) não o torna velho; mudado, torna", () => {
    const root = project();
    fs.utimesSync(path.join(root, "app", "root.tsx"), earlier, earlier);
    fs.utimesSync(path.join(root, "app"), earlier, earlier);
    build(root, new Date());
    const lockfile = path.join(root, "package-lock.json");
    fs.writeFileSync(lockfile, fs.readFileSync(lockfile));
    expect(isBuildFresh(root)).toBe(true);
    fs.writeFileSync(lockfile, '{"lockfileVersion":3,"packages":{}}\n');
    expect(isBuildFresh(root)).toBe(false);
  });
});
