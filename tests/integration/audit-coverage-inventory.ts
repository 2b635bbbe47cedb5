import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The inventory of everything in Balcão that changes data, read from the
 * app's own files so a new action cannot be forgotten: each route module of
 * app/routes.ts that exports an `action`, with each `intent` it dispatches
 * on; the auth library's endpoints; the npm commands and the jobs the server
 * starts. The audit coverage suite (audit-coverage-suite.ts) checks that each
 * is either proved to leave one audit entry or classified here with a reason.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** `file#intent`, file relative to app/routes; `#` alone is the action posted without an intent (or with one it ignores). */
export type ActionKey = string;

/**
 * The intents a route's action tells apart, as its source writes them:
 * compared with `intent` (or the form's "intent" field), a `case` of the
 * switch on it, a button's `name="intent" value="…"`, a result's `intent: "…"`, or a
 * list of them (`…_INTENTS = ["…"]`).
 */
export function intentsOf(source: string): string[] {
  const patterns = [
    /\bintent\s*[!=]==?\s*"([\w-]+)"/g,
    /"intent"\)\s*[!=]==?\s*"([\w-]+)"/g,
    /\bcase\s+"([\w-]+)":/g,
    /name="intent"\s+value="([\w-]+)"/g,
    /\bintent:\s*"([\w-]+)"/g,
  ];
  const found = new Set<string>();
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]!);
  // A list of intents the action checks against (`const STOCK_INTENTS = ["entry", …]`).
  for (const list of source.matchAll(/\b[A-Z_]*INTENTS\s*=\s*\[([^\]]*)\]/g)) {
    for (const match of list[1]!.matchAll(/"([\w-]+)"/g)) found.add(match[1]!);
  }
  return [...found].sort();
}

/** Every route module app/routes.ts names that exports an action, each with `#` (posted without an intent) and its intents. */
export function routeActions(): ActionKey[] {
  const files = [...new Set([...read("app/routes.ts").matchAll(/"routes\/([^"]+)"/g)].map((match) => match[1]!))];
  const keys: ActionKey[] = [];
  for (const file of files) {
    const source = read(`app/routes/${file}`);
    if (!/export (?:async function|const) action\b/.test(source)) continue;
    keys.push(`${file}#`);
    for (const intent of intentsOf(source)) keys.push(`${file}#${intent}`);
  }
  return keys;
}

/** The npm commands that run a script of scripts/ (benchmarks and build helpers aside: they touch no shop data). */
export function npmCommands(): string[] {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  return Object.entries(scripts)
    .filter(([name, command]) => /\bscripts\/[\w-]+\.ts\b/.test(command) && !/^(bench|lighthouse|proof)/.test(name))
    .filter(([, command]) => !/compress-assets|generate-3d-model|generate-navigation-icons|build-freshness/.test(command))
    .map(([name]) => name)
    .sort();
}

/** The commands the running server takes from `npm run user:role` (through DATA_DIR/admin.sock). */
export function adminCommands(): string[] {
  return [...read("app/lib/admin-socket.server.ts").matchAll(/command:\s*"([\w-]+)"/g)].map((match) => match[1]!).sort();
}

/** What the server runs on its own at start and on timers (app/server/start.server.ts imports them from the modules). */
export function serverJobs(): string[] {
  const started = [...read("app/server/start.server.ts").matchAll(/import \{([^}]+)\} from "~\/modules\/[^"]+"/g)];
  const scheduled = [
    ...read("app/server/scheduled-jobs.server.ts").matchAll(/import \{([^}]+)\} from "~\/(?:modules|lib)\/[^"]+"/g),
  ];
  return (
    [...started, ...scheduled]
      .flatMap((match) => match[1]!.split(",").map((name) => name.trim()))
      .filter((name) => /^(start|correct|seed|create|run)/.test(name) || /^\w+Job$/.test(name))
      // The runner itself, not a job.
      .filter((name) => name !== "startJobs")
      .sort()
  );
}

/** Routes that hand data out as a file (CSV or JSON): loaders, not actions, but an export of personal data is audited. */
export function exportRoutes(): string[] {
  return [...read("app/routes.ts").matchAll(/route\("[^"]*(?:exportar|\.csv|\.json)[^"]*", "routes\/([^"]+)"/g)].map(
    (match) => match[1]!,
  );
}
