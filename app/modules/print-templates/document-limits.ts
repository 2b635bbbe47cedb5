/**
 * The size a printed document may reach, checked inside the render worker
 * (render-worker.server.ts), which plain Node runs: this file imports
 * nothing and uses only syntax whose types can be stripped.
 */

/** The most a printed document may weigh (characters of HTML): a receipt is a few kilobytes; past this a template runs away. */
export const MAX_DOCUMENT_LENGTH = 2_000_000;

export class DocumentTooLargeError extends Error {
  override name = "DocumentTooLargeError";
  constructor() {
    super("O documento ficou grande demais (mais de 2 MB): confira os laços do modelo.");
  }
}
