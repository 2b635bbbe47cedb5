// Relative and with their extension: the render worker (render-worker.server.ts) runs this file with plain Node.
import { FILTER_NAMES } from "./engine.server.ts";
import { CLAUSE_NAMES } from "./locked-clauses.ts";

/** Said of a template error the list below does not foresee: never the engine's English. */
export const UNKNOWN_TEMPLATE_ERROR =
  "O modelo tem um erro de escrita aqui: confira as etiquetas {% … %}, as saídas {{ … }} e as aspas.";

/** LiquidJS's own words for a problem, without the position it appends (the position travels apart). */
function bareMessage(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, line:\d+, col:\d+$/, "");
}

/** What a snapshot of the source quoted by LiquidJS shows, cut short: `"{{ a"` → `{{ a`. */
function quoted(snapshot: string) {
  const text = snapshot.replace(/^"(.*)"$/s, "$1").trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

type Translation = [RegExp, (match: RegExpExecArray) => string];

/** LiquidJS's messages (liquidjs 10) in the shop's words, first match wins. */
const TRANSLATIONS: readonly Translation[] = [
  [
    /^undefined filter: (.+)$/,
    (match) =>
      `Filtro desconhecido: “${match[1]}”. Os filtros próprios são ${FILTER_NAMES.join(", ")}, além dos do Liquid (upcase, default, join…).`,
  ],
  [
    /^tag "(end\w+)" not found$/,
    (match) => `{% ${match[1]} %} fecha um bloco que não foi aberto (ou foi fechado com outra etiqueta).`,
  ],
  [/^tag "(.+)" not found$/, (match) => `Etiqueta desconhecida: {% ${match[1]} %}.`],
  [
    /^tag \{%-?\s*(\w+).*%\} not closed$/s,
    (match) => `O bloco {% ${match[1]} %} foi aberto e não foi fechado: falta {% end${match[1]} %}.`,
  ],
  [/^output .* not closed$/s, () => "Um {{ foi aberto e não foi fechado: falta }}."],
  [/^tag .* not closed$/s, () => "Uma etiqueta {% foi aberta e não foi fechada: falta %}."],
  [/^raw .* not closed$/s, () => "Uma etiqueta {% raw %} foi aberta e não foi fechada."],
  [/^invalid value expression: ""$/, () => "Falta um valor: escreva um campo (como os.numero) ou um texto entre aspas."],
  [/^invalid value expression: (.+)$/s, (match) => `Valor inválido: “${quoted(match[1]!)}”. Confira o nome do campo e as aspas.`],
  [/^unexpected token (.+), value expected$/s, (match) => `Falta um valor antes de “${quoted(match[1]!)}”.`],
  [/^illegal tag: (.+)$/s, (match) => `A etiqueta ${quoted(match[1]!)} está incompleta ou mal escrita.`],
  [/^illegal (liquid )?tag syntax/, () => "Falta o nome da etiqueta depois de {%."],
  [/^expected variable name$/, () => "Falta o nome da variável."],
  [/^invalid capture name$/, () => "Falta o nome da variável de {% capture %}."],
  [/^expected "="$/, () => "Falta “=” depois do nome da variável: {% assign nome = valor %}."],
  [/^\[ not closed$/, () => "Um [ foi aberto e não foi fechado: falta ]."],
  [/^invalid range syntax$/, () => "Intervalo mal escrito: use (1..5), com os dois números e os parênteses."],
  [/^unbalanced parentheses$/, () => "Parênteses sem par: falta “)”."],
  [/^expected "\|" before filter$/, () => "Falta “|” antes do filtro."],
  [/^expected ":" after filter name$/, () => "Falta “:” depois do nome do filtro."],
  [/^expected filter name$/, () => "Falta o nome do filtro depois de “|”."],
  [/^unexpected character (.+)$/s, (match) => `Caractere inesperado: “${quoted(match[1]!)}”.`],
  [/^duplicated else$/, () => "O bloco tem dois {% else %}: deixe um só."],
  [/^unexpected elsif after else$/, () => "{% elsif %} depois de {% else %}: o {% else %} vem por último."],
  [/^empty candidates/, () => "{% cycle %} precisa dos valores que alterna."],
  [/^every line of an inline comment/, () => "Cada linha de um comentário {% # %} precisa começar com #."],
  [/Failed to lookup/, () => "Bloco não encontrado: use render apenas com os blocos do Balcão (cabecalho_loja, assinatura…)."],
  [/memory alloc limit exceeded/, () => "O modelo produz texto demais (um laço que não para?)."],
  [/template render limit exceeded/, () => "O modelo demora demais para ser preenchido (um laço que não para?)."],
  [/parse length limit exceeded/, () => "O modelo é longo demais."],
  [
    /^cláusula desconhecida: "(.*)"$/,
    (match) => `Cláusula desconhecida: “${match[1]}”. As cláusulas travadas são ${CLAUSE_NAMES.join(", ")}.`,
  ],
  // Already the shop's words (engine.server.ts's refusal of {% raw %}).
  [/^A etiqueta /, (match) => match.input],
];

/**
 * A template's error (LiquidJS's, or one of the engine's own tags) in
 * Portuguese, without its position (line and column are shown apart). The
 * render worker sends this, so every caller of the pool gets the shop's words.
 */
export function templateErrorMessage(error: unknown): string {
  const message = bareMessage(error);
  for (const [pattern, say] of TRANSLATIONS) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return UNKNOWN_TEMPLATE_ERROR;
}
