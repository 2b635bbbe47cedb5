import { FIELD_CATALOGUE } from "./catalogue";
import { DocumentTooLargeError } from "./document-limits";
import { FILTER_NAMES } from "./engine.server";
import type { PrintKind } from "./kinds";
import { CLAUSE_NAMES, LOCKED_CLAUSES } from "./locked-clauses";
import type { Paper } from "./papers";
import { TemplateError, TemplateMemoryError, TemplateTimeoutError } from "./render-pool.server";
import { renderTemplateSource, type RenderCaller } from "./render.server";

/** A problem of a template, where it is (line and column from 1; null for the whole template) and what to do, in Portuguese. */
export type TemplateProblem = { line: number | null; column: number | null; message: string };

/** The longest template source the editor saves (characters): the longest default is about 6,000. */
export const MAX_TEMPLATE_LENGTH = 100_000;

/** LiquidJS's own words for a problem, without the position it appends. */
function bareMessage(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, line:\d+, col:\d+$/, "");
}

/** LiquidJS's messages in the shop's words; anything not foreseen keeps the engine's text after "Erro no modelo:". */
function translate(message: string): string {
  let match: RegExpExecArray | null;
  if ((match = /^undefined filter: (.+)$/.exec(message)))
    return `Filtro desconhecido: “${match[1]}”. Os filtros próprios são ${FILTER_NAMES.join(", ")}, além dos do Liquid (upcase, default, join…).`;
  if ((match = /^tag "(end\w+)" not found$/.exec(message)))
    return `{% ${match[1]} %} fecha um bloco que não foi aberto (ou foi fechado com outra etiqueta).`;
  if ((match = /^tag "(.+)" not found$/.exec(message))) return `Etiqueta desconhecida: {% ${match[1]} %}.`;
  if ((match = /^tag \{%\s*(\w+).*%\} not closed$/s.exec(message)))
    return `O bloco {% ${match[1]} %} foi aberto e não foi fechado: falta {% end${match[1]} %}.`;
  if (/^output .* not closed$/s.test(message)) return "Um {{ foi aberto e não foi fechado: falta }}.";
  if (/^tag .* not closed$/s.test(message)) return "Uma etiqueta {% foi aberta e não foi fechada: falta %}.";
  if (/Failed to lookup/.test(message))
    return "Bloco não encontrado: use render apenas com os blocos do Balcão (cabecalho_loja, assinatura…).";
  if (/memory alloc limit exceeded/.test(message)) return "O modelo produz texto demais (um laço que não para?).";
  if (/template render limit exceeded/.test(message))
    return "O modelo demora demais para ser preenchido (um laço que não para?).";
  if (/parse length limit exceeded/.test(message)) return "O modelo é longo demais.";
  if (/^expected variable name$/.test(message)) return "Falta o nome da variável.";
  if (message.startsWith("A etiqueta ")) return message;
  if ((match = /^cláusula desconhecida: "(.*)"$/.exec(message)))
    return `Cláusula desconhecida: “${match[1]}”. As cláusulas travadas são ${CLAUSE_NAMES.join(", ")}.`;
  return `Erro no modelo: ${message}.`;
}

/** A render's error as the template's problem; null when the error is not the template's (a busy server, a caller gone). */
function problemOf(error: unknown): TemplateProblem | null {
  if (error instanceof DocumentTooLargeError || error instanceof TemplateTimeoutError || error instanceof TemplateMemoryError)
    return { line: null, column: null, message: error.message };
  if (!(error instanceof TemplateError)) return null;
  const { line = null, column = null } = error.position ?? {};
  return { line, column, message: translate(bareMessage(error)) };
}

/** A template refused as a whole, before any render. */
function refused(message: string) {
  return { html: "", problems: [{ line: null, column: null, message }] };
}

/**
 * A template's source filled with the kind's sample data through the
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
): Promise<{ html: string; problems: TemplateProblem[] }> {
  if (source.trim() === "") return refused("Escreva o modelo: ele está vazio.");
  if (source.length > MAX_TEMPLATE_LENGTH)
    return refused(`O modelo passou de ${MAX_TEMPLATE_LENGTH.toLocaleString("pt-BR")} caracteres.`);
  try {
    const { html, missingClauses } = await renderTemplateSource(kind, source, paper, FIELD_CATALOGUE[kind].sample, null, caller);
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
