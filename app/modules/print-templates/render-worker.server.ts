/**
 * The render worker (decision 0022): one process of render-pool.server.ts,
 * which renders the templates the shop writes so that a template that runs
 * away stalls or exhausts this process, not the server. Plain Node runs
 * this file in every mode (types stripped), so it and everything it imports
 * reach each other by relative paths with their `.ts` extension, and use
 * only runtime dependencies (liquidjs, sanitize-html, qrcode).
 */
import { errorPosition, renderDocumentTemplate } from "./engine.server.ts";
import type { PrintKind } from "./kinds.ts";
import type { ClauseName } from "./locked-clauses.ts";
import { DocumentTooLargeError, MAX_DOCUMENT_LENGTH } from "./document-limits.ts";
import { sanitizePrintHtml } from "./sanitize.server.ts";
import { templateErrorMessage } from "./template-errors.ts";

/** What the pool asks: a template's source filled with its data. */
export type RenderJob = { id: number; kind: PrintKind; source: string; data: Record<string, unknown> };

/** What the worker answers: the sanitised document, or the error's class name, message (the template's in Portuguese) and position. */
export type RenderAnswer =
  | { id: number; ok: true; html: string; missingClauses: ClauseName[] }
  | { id: number; ok: false; name: string; message: string; position: { line: number; column: number } | null };

async function render({ id, kind, source, data }: RenderJob): Promise<RenderAnswer> {
  try {
    const { html, missingClauses } = await renderDocumentTemplate(kind, source, data, (rendered) => {
      if (rendered.length > MAX_DOCUMENT_LENGTH) throw new DocumentTooLargeError();
      return sanitizePrintHtml(rendered);
    });
    return { id, ok: true, html, missingClauses };
  } catch (error) {
    if (error instanceof DocumentTooLargeError)
      return { id, ok: false, name: error.name, message: error.message, position: null };
    return { id, ok: false, name: "TemplateError", message: templateErrorMessage(error), position: errorPosition(error) };
  }
}

if (process.send) {
  // A server gone mid-answer (even killed outright) ends its worker: no worker outlives its server.
  const send = (message: RenderAnswer | "ready") => process.send!(message, undefined, {}, (error) => error && process.exit(0));
  process.on("disconnect", () => process.exit(0));
  process.on("message", (job: RenderJob) => void render(job).then(send));
  // The pool hands this worker a render only once the engine is loaded, so the time limit counts rendering alone.
  send("ready");
}
