import path from "node:path";

/**
 * The import rules of decision 0011, as a pure function over a list of
 * files, so a test can run it on the real tree and on made-up files alike.
 *
 *   root.tsx, entry files,
 *   app/server (the Node server)   → anything
 *   app/routes                     → anything but app/db: a page takes a table's
 *                                    value lists and types from the module that owns it
 *   app/modules/<m>                → its own files; another module's PUBLIC_FILES;
 *                                    lib, db, components
 *   app/components (not ui)        → components, lib, types from root.tsx (its
 *                                    loader's data), modules' PUBLIC_FILES; not app/db
 *   app/components/ui              → ui, lib
 *   app/lib, app/db                → lib, db
 *   tests, scripts, server.ts and every *.test.* file → anything
 *
 * Nothing else imports app/routes or the app shell, and no
 * app code imports a test or a script. Type-only imports count like any
 * other. Between modules, no cycle: checkModuleCycles.
 */

export type SourceFile = {
  /** From the repository's root, with forward slashes: "app/lib/dates.ts". */
  path: string;
  /** The file's text; empty for files that are not code (CSS, images). */
  text: string;
};

export type ImportStatement = { specifier: string; isTypeOnly: boolean };

export type Violation = { file: string; specifier: string; rule: string };

type Zone =
  | { kind: "free" }
  | { kind: "lib" }
  | { kind: "db" }
  | { kind: "ui" }
  | { kind: "components" }
  | { kind: "module"; name: string; file: string }
  | { kind: "routes" }
  | { kind: "shell" }
  | { kind: "other" };

const CODE_FILE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const APP_SHELL = new Set(["app/root.tsx", "app/routes.ts", "app/entry.server.tsx", "app/entry.client.tsx"]);

/** What a file imports, statically (import/export … from, side-effect imports) and with import("…"). */
export function findImports(text: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  // Prettier starts every import and export declaration at the beginning of a
  // line; between the keyword and `from` only names, braces, commas and `*` can stand.
  const declaration = /^(import|export)\b([\w\s{},*$]*?)\bfrom\s*(["'])([^"'\n]+)\3/gm;
  for (const match of text.matchAll(declaration)) {
    found.push({ specifier: match[4]!, isTypeOnly: isTypeOnlyClause(match[2]!) });
  }
  for (const match of text.matchAll(/^import\s*(["'])([^"'\n]+)\1/gm)) {
    found.push({ specifier: match[2]!, isTypeOnly: false });
  }
  const withoutCommentLines = text.replace(/^\s*(\/\/|\/\*|\*).*$/gm, "");
  for (const match of withoutCommentLines.matchAll(/\bimport\(\s*(["'`])([^"'`\n]+)\1\s*\)/g)) {
    found.push({ specifier: match[2]!, isTypeOnly: false });
  }
  return found;
}

/** `type { A }`, or `{ type A, type B }`: nothing of it is left once the types are erased. */
function isTypeOnlyClause(clause: string) {
  const trimmed = clause.trim();
  if (/^type\b/.test(trimmed)) return true;
  const braces = /^\{([^}]*)\}$/.exec(trimmed);
  if (!braces) return false;
  const names = braces[1]!
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

function zoneOf(file: string): Zone {
  if (!file.startsWith("app/") || /\.test\.[a-z]+$/.test(file)) return { kind: "free" };
  if (APP_SHELL.has(file) || file.startsWith("app/server/")) return { kind: "shell" };
  if (file.startsWith("app/routes/")) return { kind: "routes" };
  if (file.startsWith("app/lib/")) return { kind: "lib" };
  if (file.startsWith("app/db/")) return { kind: "db" };
  if (file.startsWith("app/components/ui/")) return { kind: "ui" };
  if (file.startsWith("app/components/")) return { kind: "components" };
  const module = /^app\/modules\/([^/]+)\/(.+)$/.exec(file);
  if (module) return { kind: "module", name: module[1]!, file: module[2]! };
  return { kind: "other" };
}

/** The file an import names, or null for a package, a generated type or a URL. */
function resolve(importer: string, specifier: string, existing: ReadonlySet<string>): string | null | undefined {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = `app/${bare.slice(2)}`;
  else if (bare.startsWith("./") || bare.startsWith("../")) base = path.posix.join(path.posix.dirname(importer), bare);
  else return null;
  if (base.includes("/+types/")) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existing.has(candidate)) return candidate;
  }
  return undefined;
}

function isPublic(target: Zone & { kind: "module" }, publicFiles: Readonly<Record<string, readonly string[]>>) {
  return publicFiles[target.name]?.includes(target.file) ?? false;
}

/** Why `importer` may not import `target`, or null when it may. */
function brokenRule(
  importer: Zone,
  target: Zone,
  isTypeOnly: boolean,
  publicFiles: Readonly<Record<string, readonly string[]>>,
): string | null {
  if (importer.kind === "routes" && target.kind === "db")
    return "routes take value lists and types from the owning module, never from app/db";
  if (importer.kind === "free" || importer.kind === "routes" || importer.kind === "shell" || importer.kind === "other")
    return null;
  // The frame renders the root loader's data, typed from the loader itself.
  if (target.kind === "shell" && importer.kind === "components" && isTypeOnly) return null;
  if (target.kind === "routes" || target.kind === "shell") return "only routes and the app shell import app/routes and root.tsx";
  switch (importer.kind) {
    case "lib":
    case "db":
      return target.kind === "lib" || target.kind === "db" ? null : "app/lib and app/db import only app/lib and app/db";
    case "ui":
      return target.kind === "ui" || target.kind === "lib" ? null : "components/ui imports only components/ui and app/lib";
    case "components":
      if (target.kind === "db") return "components take value lists and types from the owning module, never from app/db";
      if (target.kind === "module" && !isPublic(target, publicFiles))
        return `${target.file} is internal to the ${target.name} module (not in its public-files.ts)`;
      return null;
    case "module":
      if (target.kind === "module" && target.name !== importer.name && !isPublic(target, publicFiles))
        return `${target.file} is internal to the ${target.name} module (not in its public-files.ts)`;
      return null;
  }
}

/**
 * Every import that breaks the rules, and every module whose public list is
 * missing or names a file that is not there. `publicFiles` maps a module's
 * folder name to its PUBLIC_FILES (paths inside the module's folder).
 */
export function checkImportBoundaries(
  files: readonly SourceFile[],
  publicFiles: Readonly<Record<string, readonly string[]>>,
): Violation[] {
  const existing = new Set(files.map((file) => file.path));
  const violations: Violation[] = [];
  const modules = new Set(files.flatMap((file) => /^app\/modules\/([^/]+)\//.exec(file.path)?.[1] ?? []));
  for (const name of [...modules].sort()) {
    const declared = publicFiles[name];
    if (!declared) {
      violations.push({ file: `app/modules/${name}`, specifier: "public-files.ts", rule: "every module lists its public files" });
      continue;
    }
    for (const file of declared) {
      if (!existing.has(`app/modules/${name}/${file}`))
        violations.push({ file: `app/modules/${name}/public-files.ts`, specifier: file, rule: "a public file must exist" });
    }
  }
  for (const file of files) {
    if (!CODE_FILE.test(file.path)) continue;
    const importer = zoneOf(file.path);
    if (importer.kind === "free") continue;
    for (const { specifier, isTypeOnly } of findImports(file.text)) {
      const resolved = resolve(file.path, specifier, existing);
      if (resolved === null) continue;
      if (resolved === undefined) {
        violations.push({ file: file.path, specifier, rule: "does not resolve to a file" });
        continue;
      }
      if (zoneOf(resolved).kind === "free") {
        violations.push({ file: file.path, specifier, rule: "app code imports no tests and no scripts" });
        continue;
      }
      const rule = brokenRule(importer, zoneOf(resolved), isTypeOnly, publicFiles);
      if (rule) violations.push({ file: file.path, specifier, rule });
    }
  }
  return violations;
}

/** The module an app file belongs to (app/modules/<name>/…), or null. Tests are no module's. */
function moduleOf(file: string) {
  if (/\.test\.[a-z]+$/.test(file)) return null;
  return /^app\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** The shortest way from `start` to `goal` along the graph's imports, both ends included, or null. */
function shortestPath(start: string, goal: string, edges: (from: string) => Iterable<string>) {
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === goal) {
      const found = [current];
      for (let step = cameFrom.get(current); step; step = cameFrom.get(step)) found.unshift(step);
      return found;
    }
    for (const next of [...edges(current)].sort()) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

/**
 * Modules that import each other, directly or around a loop, as one
 * violation per import that closes a loop: "a → b → a" (decision 0011, issue
 * 22). Modules form layers: one that needs a piece of another's while that
 * other needs it back moves the piece down (into lib or a lower module).
 * Type-only imports count: a type couples two modules too.
 */
export function checkModuleCycles(files: readonly SourceFile[]): Violation[] {
  const existing = new Set(files.map((file) => file.path));
  /** module → module it imports → the first import that does it (file and specifier). */
  const graph = new Map<string, Map<string, { file: string; specifier: string }>>();
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const from = moduleOf(file.path);
    if (!from || !CODE_FILE.test(file.path)) continue;
    for (const { specifier } of findImports(file.text)) {
      const resolved = resolve(file.path, specifier, existing);
      const to = resolved ? moduleOf(resolved) : null;
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const targets = graph.get(from)!;
      if (!targets.has(to)) targets.set(to, { file: file.path, specifier });
    }
  }
  const violations: Violation[] = [];
  for (const from of [...graph.keys()].sort()) {
    for (const [to, { file, specifier }] of [...graph.get(from)!].sort(([a], [b]) => a.localeCompare(b))) {
      const back = shortestPath(to, from, (module) => graph.get(module)?.keys() ?? []);
      if (back)
        violations.push({ file, specifier, rule: `modules import each other in a cycle: ${[from, ...back].join(" → ")}` });
    }
  }
  return violations;
}

/** "app/lib/dates.ts → ~/modules/shop-settings/opening-hours: app/lib and app/db import only app/lib and app/db" */
export function formatViolation({ file, specifier, rule }: Violation) {
  return `${file} → ${specifier}: ${rule}`;
}
