import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionLabelOf, areaLabelOf } from "~/modules/audit/presentation";

const ROOT = path.resolve(import.meta.dirname, "..");

function listFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    return entry.isDirectory() ? listFiles(relative) : [relative];
  });
}

/** Source files that write audit entries, test files aside. */
const WRITERS = listFiles("app")
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }))
  .filter(({ text }) => text.includes("recordAudit("));

/** Every literal `action: "…"` and `entity: "…"` written next to a recordAudit call, and entities named as `…_ENTITY = "…"`. */
function literals(name: "action" | "entity") {
  const pattern = new RegExp(name === "entity" ? `\\b(?:entity: |[A-Z_]+_ENTITY = )"([^"]+)"` : `\\b${name}: "([^"]+)"`, "g");
  return WRITERS.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => ({ file, value: match[1]! })));
}

/**
 * The owner's log (/auditoria) names every action in Portuguese and files
 * every entity under an area: a module that records a new one must name it
 * in app/modules/audit/presentation.ts, or the owner reads a code.
 */
describe("the audit log reads every recorded action in Portuguese", () => {
  it("finds the recorded actions (the scan itself works)", () => {
    expect(literals("action").length).toBeGreaterThan(50);
  });

  it("names every action", () => {
    const unnamed = literals("action").filter(({ value }) => actionLabelOf(value) === value);
    expect(unnamed.map(({ file, value }) => `${file}: ${value}`)).toEqual([]);
  });

  it("files every entity under an area", () => {
    const unfiled = literals("entity").filter(({ value }) => areaLabelOf(value) === "Outros");
    expect(unfiled.map(({ file, value }) => `${file}: ${value}`)).toEqual([]);
  });
});
