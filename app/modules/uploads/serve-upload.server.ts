import { parseUploadFileName } from "~/lib/uploads/upload-urls";
import { findUploadFile } from "./queries.server";

/** A variant's bytes never change (a new image is a new upload, with a new id): caches keep it a year. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Arquivo não encontrado.", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** If-None-Match lists the ETag (or "*"): the browser's copy is current. */
function matchesEtag(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}

/**
 * The response for /arquivos/<fileName>: the stored bytes with their type,
 * a year-long immutable cache and an ETag; 404 for any name that is not a
 * stored variant (malformed, unknown id, width or format), never an error.
 * Called by server.ts in production and app/routes/uploads.ts in development.
 */
export async function respondWithUploadFile(request: Request, fileName: string): Promise<Response> {
  const ref = parseUploadFileName(fileName);
  if (!ref) return notFound();
  const file = await findUploadFile(ref);
  if (!file) return notFound();
  const etag = `"${file.sha256}"`;
  const headers = {
    "Cache-Control": UPLOAD_CACHE_CONTROL,
    ETag: etag,
    "Content-Type": file.contentType,
    // The type is the one the pipeline wrote: a browser must not guess another from the bytes.
    "X-Content-Type-Options": "nosniff",
    // Public images meant for e-mails and other sites too (the logo, a post's cover), not only this site's pages.
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  // Both drivers return bytes over a plain ArrayBuffer (never a SharedArrayBuffer), which is what Response takes.
  const body = request.method === "HEAD" ? null : (file.bytes as Uint8Array<ArrayBuffer>);
  return new Response(body, { headers: { ...headers, "Content-Length": String(file.bytes.byteLength) } });
}
