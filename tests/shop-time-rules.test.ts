import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findShopTimeProblems, formatShopTimeFinding, type ShopTimeRuleName } from "./support/shop-time-rules";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Files that still convert time by hand, each until its rewrite lands (the
 * test fails once the exception is no longer needed).
 */
const EXCEPTIONS: Record<string, ShopTimeRuleName> = {};

/** This test and its rules name the patterns they look for. */
const SELF = new Set([
  "app/lib/dates.ts",
  "app/lib/shop-clock.ts",
  "tests/shop-time-rules.test.ts",
  "tests/support/shop-time-rules.ts",
]);

/** A made-up file of a module, for the rules' own test. */
function moduleFile(text: string) {
  return { path: "app/modules/loyalty/rules.ts", text };
}

function listFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    return entry.isDirectory() ? listFiles(relative) : [relative];
  });
}

describe("shop time is converted in app/lib/dates.ts only", () => {
  it("has no fixed offset, no other time-zone conversion and no use of the server's zone", () => {
    const files = [...listFiles("app"), ...listFiles("tests"), ...listFiles("scripts"), "server.ts"]
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .map((file) => ({ path: file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }));
    expect(findShopTimeProblems(files, EXCEPTIONS, SELF).map(formatShopTimeFinding)).toEqual([]);
  });

  it("catches each pattern, and exceptions nothing needs any more", () => {
    expect(
      findShopTimeProblems(
        [
          moduleFile("const start = new Date(`${day}T00:00:00-03:00`);"),
          moduleFile('const format = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" });'),
          moduleFile("const year = date.getFullYear();\nconst start = new Date(year, 8, 7);"),
          moduleFile("const ok = Date.UTC(2026, 8, 7);"),
          moduleFile("const wall = new Date(at.getTime() + offset * 60_000);\nconst weekday = wall.getUTCDay();"),
          { path: "app/lib/dates.ts", text: 'const offset = "-03:00";' },
        ],
        { "app/modules/service-orders/old.ts": "fixed offset" },
      ).map(formatShopTimeFinding),
    ).toEqual([
      "app/modules/loyalty/rules.ts:1: a fixed -03:00: São Paulo's offset comes from app/lib/dates.ts (atShopTime, startOfShopDay…)",
      "app/modules/loyalty/rules.ts:1: a time-zone conversion outside app/lib/dates.ts: add the function there",
      "app/modules/loyalty/rules.ts:1: the server's own time zone (new Date(y, m, d), getFullYear()…): use the shop's calendar from app/lib/dates.ts",
      "app/modules/loyalty/rules.ts:2: the server's own time zone (new Date(y, m, d), getFullYear()…): use the shop's calendar from app/lib/dates.ts",
      "app/modules/loyalty/rules.ts:2: calendar arithmetic on a shifted UTC date outside app/lib/dates.ts (a second shop calendar): use or add a function there",
      'app/modules/service-orders/old.ts:0: the exception for "fixed offset" is no longer needed: remove it',
    ]);
  });
});
