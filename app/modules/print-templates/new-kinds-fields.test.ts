import { Liquid } from "liquidjs";
import { describe, expect, it } from "vitest";
import {
  DEBT_LETTER_FIELD_PAIRS,
  DEBT_LETTER_SAMPLE,
  DEVICE_LABEL_FIELD_PAIRS,
  DEVICE_LABEL_SAMPLE,
} from "./defaults/new-kinds-fields";
import { PARTIALS } from "./defaults/partials";
import { renderTemplate } from "./engine.server";
import { DEFAULT_TEMPLATES } from "./render.server";

const analyser = new Liquid({ templates: PARTIALS });

/** Every data path a template reads outside the shop (`loja`, documented by the catalogue), `for` items as `list[]`. */
function pathsUsedBy(source: string) {
  const aliases = new Map<string, string>();
  for (const [, alias, path] of source.matchAll(/{%-?\s*for\s+(\w+)\s+in\s+([\w.]+)/g)) aliases.set(alias!, `${path}[]`);
  const paths = new Set<string>();
  for (const variable of analyser.fullVariablesSync(source, { partials: false })) {
    const [root, ...rest] = variable.split(".");
    const path = (aliases.has(root!) ? [aliases.get(root!)!, ...rest].join(".") : variable).replace(/\.(size|first|last)$/, "");
    if (!path.startsWith("loja") && path !== "papel" && !aliases.has(path)) paths.add(path);
  }
  return paths;
}

function has(value: unknown, segments: string[]): boolean {
  if (segments.length === 0) return value !== undefined;
  const [head, ...rest] = segments;
  const key = head!.replace(/\[\]$/, "");
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return false;
  const next = (value as Record<string, unknown>)[key];
  if (!head!.endsWith("[]")) return has(next, rest);
  return Array.isArray(next) && next.length > 0 && next.every((item) => has(item, rest));
}

describe("the new kinds' fields for the editor's catalogue", () => {
  for (const [kind, source, pairs, sample] of [
    ["device-label", DEFAULT_TEMPLATES["device-label"].label!, DEVICE_LABEL_FIELD_PAIRS, DEVICE_LABEL_SAMPLE],
    ["debt-reminder-letter", DEFAULT_TEMPLATES["debt-reminder-letter"].a4!, DEBT_LETTER_FIELD_PAIRS, DEBT_LETTER_SAMPLE],
  ] as const) {
    it(`${kind}: every field its default reads is described and in the sample, and the sample renders`, async () => {
      const documented = new Set(pairs.map(([path]) => path));
      expect(pathsUsedBy(source).size).toBeGreaterThan(4);
      for (const path of pathsUsedBy(source)) expect(documented.has(path), `${kind}: ${path}`).toBe(true);
      for (const [path, description] of pairs) {
        expect(description.length, path).toBeGreaterThan(3);
        expect(has(sample, path.split(".")), `${kind}: ${path}`).toBe(true);
      }
      expect(await renderTemplate(source, { ...sample, loja: { nome: "Loja" }, papel: "a4" })).not.toContain("Liquid");
    });
  }
});
