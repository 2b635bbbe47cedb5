import { FIELD_CATALOGUE } from "./catalogue";
import { errorPosition, FILTER_NAMES, parseTemplate } from "./engine.server";
import type { PrintKind } from "./kinds";
import { CLAUSE_NAMES, LOCKED_CLAUSES } from "./locked-clauses";
import type { Paper } from "./papers";
import { DocumentTooLargeError, renderTemplateSource } from "./render.server";

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

function problemOf(error: unknown): TemplateProblem {
  if (error instanceof DocumentTooLargeError) return { line: null, column: null, message: error.message };
  const position = errorPosition(error);
  return { line: position?.line ?? null, column: position?.column ?? null, message: translate(bareMessage(error)) };
}

/**
 * What keeps a template from being saved, in the order the shop fixes
 * them: its length, its syntax (unknown tags, filters and clauses,
 * `{% raw %}`), and a render with the kind's sample data through the
 * printing path (which stops a template that runs away or grows past the
 * limits, and names each locked clause the kind requires that the template
 * does not place). An empty list: the template prints.
 */
export async function checkTemplate(kind: PrintKind, paper: Paper, source: string): Promise<TemplateProblem[]> {
  if (source.trim() === "") return [{ line: null, column: null, message: "Escreva o modelo: ele está vazio." }];
  if (source.length > MAX_TEMPLATE_LENGTH)
    return [
      { line: null, column: null, message: `O modelo passou de ${MAX_TEMPLATE_LENGTH.toLocaleString("pt-BR")} caracteres.` },
    ];
  try {
    parseTemplate(source);
  } catch (error) {
    return [problemOf(error)];
  }
  try {
    const { missingClauses } = await renderTemplateSource(kind, source, paper, FIELD_CATALOGUE[kind].sample, null);
    return missingClauses.map((name) => ({
      line: null,
      column: null,
      message: `Falta a cláusula travada “${LOCKED_CLAUSES[name].title}”: coloque {% clausula "${name}" %} onde ela deve aparecer (fora de condições e comentários). O texto dela é fixo: a lei o exige.`,
    }));
  } catch (error) {
    return [problemOf(error)];
  }
}

/** The problems as one line each, for a message: "Linha 3, coluna 5: …". */
export function describeProblem(problem: TemplateProblem) {
  return problem.line === null ? problem.message : `Linha ${problem.line}, coluna ${problem.column}: ${problem.message}`;
}
