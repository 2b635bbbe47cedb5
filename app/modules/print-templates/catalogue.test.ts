import { Liquid } from "liquidjs";
import { describe, expect, it } from "vitest";
import { FIELD_CATALOGUE } from "./catalogue";
import { PARTIALS } from "./defaults/partials";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import { LOCKED_CLAUSES, requiredClausesOf } from "./locked-clauses";
import { DEFAULT_TEMPLATES } from "./render.server";

const analyser = new Liquid({ templates: PARTIALS });
// The clause tag reads no variable of the template: its text (below) does.
analyser.registerTag("clausula", { parse() {}, render() {} });

/** `{% for item in os.itens %}` → item means os.itens[]; `{% render "p", os: os %}` → the partial's os means os. */
function aliasesOf(source: string) {
  const aliases = new Map<string, string>();
  for (const [, alias, path] of source.matchAll(/{%-?\s*for\s+(\w+)\s+in\s+([\w.]+)/g)) aliases.set(alias!, `${path}[]`);
  return aliases;
}

function resolve(path: string, aliases: Map<string, string>) {
  const [root, ...rest] = path.split(".");
  const alias = aliases.get(root!);
  const resolved = alias ? [alias, ...rest].join(".") : path;
  return resolved.replace(/\.(size|first|last)$/, "");
}

/** Every data path a template reads, its partials' included (with the arguments they were given), in catalogue form. */
function pathsUsedBy(source: string, outer = new Map<string, string>()): Set<string> {
  const aliases = new Map([...outer, ...aliasesOf(source)]);
  const paths = new Set<string>();
  for (const variable of analyser.fullVariablesSync(source, { partials: false })) paths.add(resolve(variable, aliases));
  for (const [, name, args] of source.matchAll(/{%-?\s*render\s+"(\w+)"((?:\s*,\s*\w+:\s*[\w."]+)*)\s*-?%}/g)) {
    const partialAliases = new Map<string, string>();
    for (const [, param, value] of args!.matchAll(/(\w+):\s*([\w.]+)/g)) partialAliases.set(param!, resolve(value!, aliases));
    for (const path of pathsUsedBy(PARTIALS[name!]!, partialAliases)) paths.add(path);
  }
  return paths;
}

/** Whether the sample holds the path: every item of a list (`[]`) must. */
function sampleHas(value: unknown, segments: string[]): boolean {
  if (segments.length === 0) return value !== undefined;
  const [head, ...rest] = segments;
  const isList = head!.endsWith("[]");
  const key = isList ? head!.slice(0, -2) : head!;
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return false;
  const next = (value as Record<string, unknown>)[key];
  if (!isList) return rest.length === 0 || sampleHas(next, rest);
  return Array.isArray(next) && next.length > 0 && next.every((item) => sampleHas(item, rest));
}

const PARTIAL_SOURCES = Object.values(PARTIALS).join("\n");
const LITERALS = new Set(["true", "false", "nil", "null", "empty", "blank"]);

/** The names a template sets itself. */
function localsOf(source: string) {
  return new Set([...source.matchAll(/{%-?\s*(?:assign|capture|for|increment|decrement)\s+(\w+)/g)].map((match) => match[1]!));
}

const KINDS = Object.keys(PRINT_KINDS) as PrintKind[];

describe("the field catalogue", () => {
  it.each(KINDS)("documents every field the shipped %s templates read, with sample data for it", (kind) => {
    const { fields, sample } = FIELD_CATALOGUE[kind];
    const documented = new Set(fields.map((field) => field.path));
    const roots = new Set([...Object.keys(sample), "papel"]);
    const clauses = requiredClausesOf(kind).map((name) => LOCKED_CLAUSES[name].source);
    for (const source of [...Object.values(DEFAULT_TEMPLATES[kind]), ...clauses]) {
      for (const path of pathsUsedBy(source)) {
        const root = path.split(/[.[]/)[0]!;
        // The template's own variables (`assign`, `capture`, a loop's, Liquid's `forloop`) and Liquid's literals are not data.
        if (localsOf(`${source}${PARTIAL_SOURCES}`).has(root) || LITERALS.has(root) || root === "forloop") continue;
        expect(roots.has(root), `${kind}: ${path} is not in the sample data`).toBe(true);
        // A whole object handed on (`loja: loja`) is documented through its fields.
        const isDocumented =
          documented.has(path) || [...documented].some((field) => field.startsWith(`${path}.`) || field.startsWith(`${path}[]`));
        expect(isDocumented, `${kind}: ${path}`).toBe(true);
      }
    }
  });

  it.each(KINDS)("has sample data and a Portuguese description for every %s field", (kind) => {
    const { fields, sample } = FIELD_CATALOGUE[kind];
    for (const field of fields) {
      expect(field.description.length, field.path).toBeGreaterThan(3);
      if (field.path === "papel") continue;
      expect(sampleHas(sample, field.path.split(".")), `${kind}: ${field.path}`).toBe(true);
    }
    expect(new Set(fields.map((field) => field.path)).size).toBe(fields.length);
  });
});
