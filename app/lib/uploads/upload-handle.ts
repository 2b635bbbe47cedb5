/**
 * A route whose form takes a file says so in its handle
 * (`export const handle: UploadHandle = { acceptsFiles: true }`) and reads it
 * with readUploadForm or readImportForm: the server refuses a multipart body
 * (415) at every other address before anyone reads it (app/server/app.server.ts).
 * tests/integration/fuzz-suite.ts checks the two agree.
 */
export type UploadHandle = { acceptsFiles?: boolean };

export const TAKES_FILES: UploadHandle = { acceptsFiles: true };
