import { randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { isProtectedPath } from "./protected-paths";
import { singleton } from "./singleton.server";

/**
 * The anonymous page cache (docs/decisions/0004-anonymous-page-cache.md):
 * what the public site renders for a visitor without a session is the same
 * for every such visitor, so it is rendered once and kept in memory for a
 * minute, or until invalidatePublicPages() is called after a content change.
 */
export const PAGE_CACHE_TTL_MS = 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 200;

/**
 * Rendered into cached pages where the CSP nonce goes, then replaced by each
 * response's own nonce. Random per process: a page can never contain it by
 * accident, and nobody outside can plant it in content to have it replaced.
 */
export const NONCE_PLACEHOLDER = singleton("page-cache-nonce-placeholder", () => randomBytes(18).toString("hex"));

/** Query parameters that change a public page; any other parameter means "render, don't cache". */
const ALLOWED_QUERY: Record<string, string[]> = { "/blog": ["pagina"] };
/** React Router's single fetch names the routes it wants in `_routes`. */
const DATA_QUERY = ["_routes"];
/** Public resources whose URL has an extension and are the same for everyone. */
const CACHEABLE_FILES = new Set(["/sitemap.xml", "/robots.txt"]);
const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/xml|text\/plain)\b/;
/** Headers that belong to one response, not to the page. */
const UNCACHED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "date", "set-cookie", "vary"]);

/**
 * The cache key of an anonymous GET/HEAD for a public page or its `.data`, or
 * null when the request must be rendered for itself.
 */
export function pageCacheKey(method: string, url: URL, hasSession: boolean): string | null {
  if ((method !== "GET" && method !== "HEAD") || hasSession) return null;
  const { pathname } = url;
  const isData = pathname.endsWith(".data");
  // Single fetch asks for `/blog.data`, and for a path ending in "/" (the home) `/_.data`.
  const pagePath = isData ? pathname.slice(0, -".data".length).replace(/\/_$/, "/") : pathname;
  if (
    isProtectedPath(pagePath) ||
    pagePath === "/auth" ||
    pagePath.startsWith("/auth/") ||
    pagePath.startsWith("/api/") ||
    pagePath.startsWith("/assets/") ||
    pagePath.includes("//")
  ) {
    return null;
  }
  const lastSegment = pagePath.slice(pagePath.lastIndexOf("/") + 1);
  if (lastSegment.includes(".") && !(CACHEABLE_FILES.has(pagePath) && !isData)) return null;

  const allowed = [...(ALLOWED_QUERY[pagePath] ?? []), ...(isData ? DATA_QUERY : [])];
  const kept: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (!allowed.includes(name)) return null;
    kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  kept.sort();
  return kept.length > 0 ? `${pathname}?${kept.join("&")}` : pathname;
}

/** A cached response body cut at each nonce, kept both plain and as raw-deflate pieces. */
export type PageTemplate = {
  status: number;
  headers: [string, string][];
  plain: Buffer[];
  deflated: Buffer[];
  adlers: number[];
  length: number;
  storedAt: number;
};

const ADLER_BASE = 65521;

/** Adler-32 (RFC 1950) of `data`, continuing from `adler`. */
export function adler32(data: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  for (let start = 0; start < data.length; start += 3800) {
    // 3800 bytes keep the sums below 2^31 before the modulo.
    const end = Math.min(start + 3800, data.length);
    for (let index = start; index < end; index++) {
      a += data[index]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of A followed by B, from theirs and B's length (zlib's adler32_combine). */
export function combineAdler32(adlerA: number, adlerB: number, lengthB: number): number {
  const remainder = lengthB % ADLER_BASE;
  let sum1 = adlerA & 0xffff;
  let sum2 = (remainder * sum1) % ADLER_BASE;
  sum1 += (adlerB & 0xffff) + ADLER_BASE - 1;
  sum2 += (adlerA >>> 16) + (adlerB >>> 16) + ADLER_BASE - remainder;
  sum1 %= ADLER_BASE;
  sum2 %= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/**
 * Each piece is deflated on its own and ended with a sync flush, so the pieces
 * and the nonce (as a stored block) join into one valid deflate stream per
 * response without compressing the page again. The zlib wrapper's Adler-32
 * combines in constant time per piece; gzip's CRC-32 has to read every byte.
 */
export function createTemplate(status: number, headers: Headers, body: string, now = Date.now()): PageTemplate {
  const plain = body.split(NONCE_PLACEHOLDER).map((piece) => Buffer.from(piece, "utf8"));
  const deflated = plain.map((piece, index) =>
    deflateRawSync(piece, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: index === plain.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const kept = [...headers].filter(([name]) => !UNCACHED_HEADERS.has(name.toLowerCase()));
  return {
    status,
    headers: kept,
    plain,
    deflated,
    adlers: plain.map((piece) => adler32(piece)),
    length: plain.reduce((sum, piece) => sum + piece.length, 0),
    storedAt: now,
  };
}

function storedBlock(data: Buffer) {
  // BFINAL=0, BTYPE=00 (stored), then LEN and its one's complement, little-endian.
  const header = Buffer.alloc(5);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return [header, data];
}

/** The deflate blocks of the page with `nonce` in place, without header or trailer. */
function deflateBlocks(template: PageTemplate, nonceBytes: Buffer) {
  const parts: Buffer[] = [];
  template.deflated.forEach((piece, index) => {
    if (index > 0) parts.push(...storedBlock(nonceBytes));
    parts.push(piece);
  });
  return parts;
}

/** The page's body with `nonce` in place of the placeholder. */
export function renderPlain(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const parts: Buffer[] = [];
  template.plain.forEach((piece, index) => {
    if (index > 0) parts.push(nonceBytes);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/** `Content-Encoding: deflate` is the zlib format (RFC 1950): 2-byte header, deflate, Adler-32. */
const ZLIB_HEADER = Buffer.from([0x78, 0xda]);

/**
 * The whole zlib stream for one nonce length, with the offsets where the
 * nonce's bytes go: a response is then one copy, the nonce writes and the
 * checksum. Nonces from one server all have the same length.
 */
type DeflateFrame = { nonceLength: number; bytes: Buffer; offsets: number[] };
const deflateFrames = new WeakMap<PageTemplate, DeflateFrame>();

function deflateFrame(template: PageTemplate, nonceLength: number): DeflateFrame {
  const known = deflateFrames.get(template);
  if (known?.nonceLength === nonceLength) return known;
  const blank = Buffer.alloc(nonceLength);
  const parts = [ZLIB_HEADER, ...deflateBlocks(template, blank), Buffer.alloc(4)];
  const offsets: number[] = [];
  let position = 0;
  for (const part of parts) {
    if (part === blank) offsets.push(position);
    position += part.length;
  }
  const frame = { nonceLength, bytes: Buffer.concat(parts), offsets };
  deflateFrames.set(template, frame);
  return frame;
}

export function renderDeflate(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  if (nonceBytes.length > 0xffff) throw new Error("nonce longo demais para um bloco deflate");
  const nonceAdler = adler32(nonceBytes);
  let adler = template.adlers[0]!;
  for (let index = 1; index < template.plain.length; index++) {
    adler = combineAdler32(adler, nonceAdler, nonceBytes.length);
    adler = combineAdler32(adler, template.adlers[index]!, template.plain[index]!.length);
  }
  const frame = deflateFrame(template, nonceBytes.length);
  const body = Buffer.allocUnsafe(frame.bytes.length);
  frame.bytes.copy(body);
  for (const offset of frame.offsets) nonceBytes.copy(body, offset);
  body.writeUInt32BE(adler, body.length - 4);
  return body;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

export function renderGzip(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  let crc = 0;
  template.plain.forEach((piece, index) => {
    if (index > 0) crc = crc32(nonceBytes, crc);
    crc = crc32(piece, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((template.length + nonceBytes.length * (template.plain.length - 1)) >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, ...deflateBlocks(template, nonceBytes), trailer]);
}

/** Whether an Accept-Encoding header admits `coding` (a `q=0` refuses it). */
export function acceptsEncoding(acceptEncoding: string | null, coding: "deflate" | "gzip") {
  return (acceptEncoding ?? "").split(",").some((entry) => {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (name !== coding) return false;
    const quality = params.find((param) => param.startsWith("q="));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

/**
 * The response for one request. No shared cache may keep it: its nonce must
 * differ for every visitor (the in-process copy has the placeholder instead).
 */
export function servePage(template: PageTemplate, nonce: string, request: Request, state: "hit" | "miss" = "hit"): Response {
  const headers = new Headers(template.headers);
  headers.set("Cache-Control", "no-cache");
  headers.set("Vary", "Accept-Encoding");
  headers.set("X-Page-Cache", state);
  const acceptEncoding = request.headers.get("accept-encoding");
  let body: Buffer;
  if (acceptsEncoding(acceptEncoding, "deflate")) {
    headers.set("Content-Encoding", "deflate");
    body = renderDeflate(template, nonce);
  } else if (acceptsEncoding(acceptEncoding, "gzip")) {
    headers.set("Content-Encoding", "gzip");
    body = renderGzip(template, nonce);
  } else {
    body = renderPlain(template, nonce);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: template.status, headers });
}

/**
 * A page rendered for the cache but not kept (a 404, a redirect) still goes to
 * its visitor: with their nonce in place of the placeholder.
 */
export async function withNonce(response: Response, nonce: string): Promise<Response> {
  if (!response.body || !/^text\/html\b/.test(response.headers.get("content-type") ?? "")) return response;
  const body = (await response.text()).replaceAll(NONCE_PLACEHOLDER, nonce);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Whether a freshly rendered response may be kept for everyone. */
export function isCacheableResponse(response: Response) {
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "") &&
    !/no-store|private/.test(response.headers.get("cache-control") ?? "")
  );
}

/**
 * A bounded LRU with a time limit. A render that started before an
 * invalidation is not stored: its content may predate the change.
 */
export class PageCache {
  readonly #entries = new Map<string, PageTemplate>();
  readonly #rendering = new Map<string, Promise<PageTemplate | null>>();
  #generation = 0;

  constructor(
    readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
    readonly ttlMs = PAGE_CACHE_TTL_MS,
    readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  get(key: string): PageTemplate | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** The render of `key` already under way (concurrent misses wait for one render). */
  pending(key: string) {
    return this.#rendering.get(key);
  }

  /**
   * Renders `key` once through `render` and stores the result when it may be
   * shared. Resolves to the template, or to the uncacheable response itself.
   */
  async fill(key: string, render: () => Promise<Response>): Promise<PageTemplate | Response> {
    const generation = this.#generation;
    let settle!: (template: PageTemplate | null) => void;
    this.#rendering.set(key, new Promise((resolve) => (settle = resolve)));
    let template: PageTemplate | null = null;
    try {
      const response = await render();
      if (!isCacheableResponse(response)) return response;
      template = createTemplate(response.status, response.headers, await response.text(), this.now());
      if (generation === this.#generation) this.set(key, template);
      return template;
    } finally {
      this.#rendering.delete(key);
      settle(template);
    }
  }

  set(key: string, template: PageTemplate) {
    this.#entries.delete(key);
    this.#entries.set(key, template);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  invalidate() {
    this.#generation++;
    this.#entries.clear();
  }
}

/** One cache per process, shared by server.ts and the server build (two copies of this module). */
export const pageCache = singleton("page-cache", () => new PageCache());

/**
 * Drops every cached public page. Call it after any write that changes what
 * a visitor sees: shop settings, blog posts, FAQ, reviews, services.
 */
export function invalidatePublicPages() {
  pageCache.invalidate();
}
