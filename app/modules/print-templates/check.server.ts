import { FIELD_CATALOGUE } from "./catalogue";
import { DocumentTooLargeError } from "./document-limits";
import type { PrintKind } from "./kinds";
import { LOCKED_CLAUSES } from "./locked-clauses";
import type { Paper } from "./papers";
import { TemplateError, TemplateMemoryError, TemplateTimeoutError } from "./render-pool.server";
import { renderTemplateSource, type RenderCaller } from "./render.server";

/** A problem of a template, where it is (line and column from 1; null for the whole template) and what to do, in Portuguese. */
export type TemplateProblem = { line: number | null; column: number | null; message: string };

/** The longest template source the editor saves (characters): the longest default is about 6,000. */
export const MAX_TEMPLATE_LENGTH = 100_000;

/** A render's error as the template's problem; null when the error is not the template's (a busy server, a caller gone). */
function problemOf(error: unknown): TemplateProblem | null {
  if (error instanceof DocumentTooLargeError || error instanceof TemplateTimeoutError || error instanceof TemplateMemoryError)
    return { line: null, column: null, message: error.message };
  if (!(error instanceof TemplateError)) return null;
  const { line = null, column = null } = error.position ?? {};
  return { line, column, message: error.message };
}

/** A template refused as a whole, before any render. */
function refused(message: string) {
  return { html: "", problems: [{ line: null, column: null, message }] };
}

/**
 * A template's source filled with the kind's sample data (the shop's own
 * header, `loja`, when given) through the
 * printing path (renderTemplateSource, in a render worker), and what keeps
 * it from being saved, in the order the shop fixes them: its length, its
 * syntax (unknown tags, filters and clauses, `{% raw %}`), the limits of
 * time, memory and size (a template that runs away), and each locked clause
 * the kind requires that the template does not place. No problems: the
 * template prints, as `html` shows (empty while there are problems).
 */
export async function inspectTemplate(
  kind: PrintKind,
  paper: Paper,
  source: string,
  caller?: RenderCaller,
  shop?: Record<string, unknown>,
): Promise<{ html: string; problems: TemplateProblem[] }> {
  if (source.trim() === "") return refused("Escreva o modelo: ele está vazio.");
  if (source.length > MAX_TEMPLATE_LENGTH)
    return refused(`O modelo passou de ${MAX_TEMPLATE_LENGTH.toLocaleString("pt-BR")} caracteres.`);
  try {
    const { sample } = FIELD_CATALOGUE[kind];
    // The order, sale or contract is fictional; the header is the shop's own (`loja`), as it will print.
    const data = shop && "loja" in sample ? { ...sample, loja: shop } : sample;
    const { html, missingClauses } = await renderTemplateSource(kind, source, paper, data, null, caller);
    const problems = missingClauses.map((name) => ({
      line: null,
      column: null,
      message: `Falta a cláusula travada “${LOCKED_CLAUSES[name].title}”: coloque {% clausula "${name}" %} onde ela deve aparecer (fora de condições e comentários). O texto dela é fixo: a lei o exige.`,
    }));
    return { html: problems.length > 0 ? "" : html, problems };
  } catch (error) {
    const problem = problemOf(error);
    if (!problem) throw error;
    return { html: "", problems: [problem] };
  }
}

/** What keeps a template from being saved (inspectTemplate); an empty list: it prints. */
export async function checkTemplate(kind: PrintKind, paper: Paper, source: string, caller?: RenderCaller) {
  return (await inspectTemplate(kind, paper, source, caller)).problems;
}

/** The problems as one line each, for a message: "Linha 3, coluna 5: …". */
export function describeProblem(problem: TemplateProblem) {
  return problem.line === null ? problem.message : `Linha ${problem.line}, coluna ${problem.column}: ${problem.message}`;
}
