/**
 * Compression of the answers rendered for each request (signed-in pages, their
 * `.data`, forms' answers). hono/compress did it with the web
 * CompressionStream, whose gzip has zlib's default level (6): on a staff page
 * that was a good part of the request's CPU (issue 26, "The staff shell" in
 * docs/reliability.md). Here gzip runs at level 1 (nginx's default for the
 * same reason): the page is ~10 % bigger on the wire, compressed 2-3 times
 * faster. What is compressed once and kept (public pages in the page cache,
 * the hashed assets) keeps the highest levels.
 *
 * The rest is hono/compress's behaviour: only compressible types, nothing
 * under 1 KB, nothing already encoded, no HEAD or 206, `no-transform`
 * respected, `Vary: Accept-Encoding`, a strong ETag made weak.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createDeflate, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";

export const DYNAMIC_COMPRESSION_LEVEL = 1;
const THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

type Encoding = "gzip" | "deflate";

/** gzip, else deflate, as the client's Accept-Encoding allows (q=0 refuses; `*` stands for either). */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: Encoding) => (quality.get(encoding) ?? quality.get("*") ?? 0) > 0;
  if (accepts("gzip")) return "gzip";
  if (accepts("deflate")) return "deflate";
  return null;
}

export const compressDynamic: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  const { headers } = response;
  const length = headers.get("Content-Length");
  if (
    response.status === 206 ||
    headers.has("Content-Encoding") ||
    headers.has("Transfer-Encoding") ||
    c.req.method === "HEAD" ||
    (length !== null && Number(length) < THRESHOLD_BYTES) ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("Content-Type") ?? "") ||
    NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")
  )
    return;
  const vary = headers.get("Vary");
  if (vary !== "*" && !(vary && VARIES_ON_ENCODING.test(vary)))
    c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const encoding = chosenEncoding(c.req.header("Accept-Encoding"));
  if (!encoding || !response.body) return;
  const compressor = (encoding === "gzip" ? createGzip : createDeflate)({ level: DYNAMIC_COMPRESSION_LEVEL });
  // A failing source (a render that errors mid-stream) ends the compressed body with the same error.
  pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), compressor).catch(() => {});
  c.res = new Response(Readable.toWeb(compressor) as ReadableStream, response);
  c.res.headers.delete("Content-Length");
  c.res.headers.set("Content-Encoding", encoding);
  const etag = c.res.headers.get("ETag");
  if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
};
