import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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

describe("um só programa em produção", () => {
  it("server.ts importa só módulos do Node, nenhum módulo do app", () => {
    const imports = findImports(fs.readFileSync(path.join(ROOT, "server.ts"), "utf8")).map((found) => found.specifier);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((specifier) => !specifier.startsWith("node:"))).toEqual([]);
  });

  it("npm start roda server.ts com o node do pacote node, substituindo o shell (os sinais chegam ao servidor)", () => {
    const { scripts, dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(scripts.start).toBe("NODE_ENV=production exec node server.ts");
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
