import type { SourceFile } from "./import-boundaries";

/**
 * Business time is São Paulo's, converted in app/lib/dates.ts only (decision
 * 0011 and STYLE.md): elsewhere, a fixed offset is wrong for every date of
 * the summer-time years, and the server's own zone is whatever the host has.
 */
export const SHOP_TIME_RULES = [
  {
    name: "fixed offset",
    pattern: /-03:00/,
    rule: "a fixed -03:00: São Paulo's offset comes from app/lib/dates.ts (atShopTime, startOfShopDay…)",
  },
  {
    name: "time zone option",
    pattern: /\btimeZone\s*:/,
    rule: "a time-zone conversion outside app/lib/dates.ts: add the function there",
  },
  {
    name: "server clock",
    pattern: /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(|\bnew Date\([^()]*,[^()]*\)/,
    rule: "the server's own time zone (new Date(y, m, d), getFullYear()…): use the shop's calendar from app/lib/dates.ts",
  },
  {
    name: "utc calendar",
    pattern: /\.(get|set)UTC(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(/,
    rule: "calendar arithmetic on a shifted UTC date outside app/lib/dates.ts (a second shop calendar): use or add a function there",
  },
] as const;

export type ShopTimeRuleName = (typeof SHOP_TIME_RULES)[number]["name"];

export type ShopTimeFinding = { file: string; line: number; rule: string };

const CHECKED = /^(app|tests|scripts)\/.*\.(ts|tsx)$|^server\.ts$/;

/**
 * Lines that break a rule, outside app/lib/dates.ts and the files in
 * `exceptions` (each exempt from one rule; an exception that nothing needs
 * any more is reported too, so the list only shrinks).
 */
export function findShopTimeProblems(
  files: readonly SourceFile[],
  exceptions: Readonly<Record<string, ShopTimeRuleName>> = {},
  exempt: ReadonlySet<string> = new Set(["app/lib/dates.ts"]),
): ShopTimeFinding[] {
  const findings: ShopTimeFinding[] = [];
  const usedExceptions = new Set<string>();
  for (const file of files) {
    if (!CHECKED.test(file.path) || exempt.has(file.path)) continue;
    file.text.split("\n").forEach((text, index) => {
      for (const { name, pattern, rule } of SHOP_TIME_RULES) {
        if (!pattern.test(text)) continue;
        if (exceptions[file.path] === name) usedExceptions.add(file.path);
        else findings.push({ file: file.path, line: index + 1, rule });
      }
    });
  }
  for (const file of Object.keys(exceptions)) {
    if (!usedExceptions.has(file))
      findings.push({ file, line: 0, rule: `the exception for "${exceptions[file]}" is no longer needed: remove it` });
  }
  return findings;
}

export function formatShopTimeFinding({ file, line, rule }: ShopTimeFinding) {
  return `${file}:${line}: ${rule}`;
}
