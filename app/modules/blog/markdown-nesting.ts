/**
 * How deep Markdown nests, judged before Marked sees it: Marked recurses once
 * per level, so a few thousand nested quotes ("> > > …"), list markers
 * ("- - - …") or emphasis ("**a **a …") overflow its stack (a 500 on every
 * visit of the page and of its editor) or take it minutes. No real text
 * comes near this limit. Pure: the forms' schemas use it in the browser too.
 */
export const MAX_MARKDOWN_NESTING = 20;

export const MARKDOWN_NESTING_MESSAGE = `O texto tem formatação aninhada demais (citações, listas ou destaques uns dentro dos outros, mais de ${MAX_MARKDOWN_NESTING} níveis). Simplifique a formatação.`;

/** A quote or list marker at the start of what is left of a line. */
const BLOCK_MARKER = /^[ \t]{0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]*/;
const FENCE = /^[ \t]{0,3}(```|~~~)/;
/** A run of one emphasis or link character. */
const INLINE_RUN = /([*_~])\1*|[[\]]/g;

function blockDepth(line: string) {
  let depth = 0;
  let rest = line;
  for (let match = BLOCK_MARKER.exec(rest); match && match[0].length > 0; match = BLOCK_MARKER.exec(rest)) {
    depth += 1;
    if (depth > MAX_MARKDOWN_NESTING) return depth;
    rest = rest.slice(match[0].length);
  }
  return depth;
}

const isWhitespace = (character: string | undefined) => character === undefined || /\s/u.test(character);
const isWhitespaceOrPunctuation = (character: string | undefined) => isWhitespace(character) || /[\p{P}\p{S}]/u.test(character!);

/**
 * The deepest run of openers left unclosed in a paragraph: an emphasis run
 * opens when text follows it and not precedes it, closes the other way round
 * (CommonMark's flanking rule, simplified); "[" opens and "]" closes.
 */
function inlineDepth(paragraph: string) {
  let open = 0;
  let deepest = 0;
  for (const match of paragraph.matchAll(INLINE_RUN)) {
    const run = match[0];
    const before = paragraph[match.index - 1];
    const after = paragraph[match.index + run.length];
    const opens = run === "[" || (run !== "]" && isWhitespaceOrPunctuation(before) && !isWhitespace(after));
    const closes = run === "]" || (run !== "[" && !isWhitespace(before) && isWhitespaceOrPunctuation(after));
    // "***" is emphasis inside strong emphasis: two levels.
    const levels = run.length === 1 ? 1 : Math.ceil(run.length / 2);
    if (opens && !closes) deepest = Math.max(deepest, (open += levels));
    else if (closes && !opens) open = Math.max(0, open - levels);
  }
  return deepest;
}

/** True when some quote, list or emphasis in the text nests deeper than MAX_MARKDOWN_NESTING. */
export function isMarkdownTooDeep(source: string): boolean {
  let inFence = false;
  let paragraph = "";
  for (const line of source.split("\n")) {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence) continue;
    if (blockDepth(line) > MAX_MARKDOWN_NESTING) return true;
    if (line.trim() === "") {
      if (inlineDepth(paragraph) > MAX_MARKDOWN_NESTING) return true;
      paragraph = "";
    } else paragraph += `${line}\n`;
  }
  return inlineDepth(paragraph) > MAX_MARKDOWN_NESTING;
}
