import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import { deferHydration } from "./deferred-hydration.server";
import { isProtectedPath } from "./protected-paths";
import { announceSharedChange, onSharedChange, type SharedChange } from "./shared-cache.server";
import { UPLOADS_PATH } from "./uploads/upload-urls";

/**
 * The anonymous page cache (docs/decisions/0004-anonymous-page-cache.md):
 * what the public site renders for a visitor without a session is the same
 * for every such visitor, so it is rendered once and kept in memory for a
 * minute, or until invalidatePublicPages() is called after a content change.
 */
export const PAGE_CACHE_TTL_MS = 60_000;
export const PAGE_CACHE_MAX_ENTRIES = 200;

/**
 * The nonce a page rendered for the cache gets: its attributes are removed
 * from the stored page (whose CSP lists script hashes instead), or replaced
 * by the visitor's own nonce when the page is not kept. Random per process:
 * a page can never contain it by accident, nor content plant it.
 */
export const NONCE_PLACEHOLDER = randomBytes(18).toString("hex");

/** Query parameters that change a public page; any other parameter means "render, don't cache". */
const ALLOWED_QUERY: Record<string, string[]> = {
  "/blog": ["pagina"],
  // The shop's category and page addresses are few and the same for everyone; a search (`busca`) is rendered for itself.
  "/loja": ["categoria", "pagina"],
};
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
export function pageCacheKey(method: string, url: URL, isPersonal: boolean): string | null {
  if ((method !== "GET" && method !== "HEAD") || isPersonal) return null;
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
    // Uploaded images: server.ts answers them before this cache, with their own year-long cache headers.
    pagePath.startsWith(UPLOADS_PATH) ||
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

/**
 * What a committed change can alter on the public site: anything ("all"), or
 * only the shop's catalogue ("catalogue": products and their units, i.e.
 * price, photo, shown or not, in stock or to order). Every sale and stock
 * movement is a catalogue change; the home, the blog and the other pages do
 * not show the catalogue and stay cached through it.
 */
export type PublicChange = SharedChange;

/**
 * Whether the page of `key` (a pageCacheKey) shows the catalogue: /loja (its
 * categories and pages), each product's page, and the sitemap (a product's
 * lastmod). No other public page reads `products` or `product_units`
 * (app/lib/page-cache-scope.test.ts keeps that true).
 */
export function showsCatalogue(key: string) {
  const pathname = key.split("?", 1)[0]!;
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return page === "/loja" || page.startsWith("/loja/") || page === "/sitemap.xml";
}

/** One stored page: final headers and the body in every encoding it is served in. */
export type PageTemplate = {
  status: number;
  /** Per encoding, the complete response headers (security headers included) of a cache hit. */
  headers: Record<Encoding, Record<string, string>>;
  bodies: Record<Encoding, Buffer>;
  etag: string;
  storedAt: number;
};

export type Encoding = "br" | "gzip" | "identity";

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

const NONCE_ATTRIBUTE = new RegExp(` nonce="${NONCE_PLACEHOLDER}"`, "g");
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** CSP source expressions for each inline script of `html` (CSP3 hashes the script's text as UTF-8). */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (content.trim()) hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The stored form of a page rendered with the placeholder nonce, or null when
 * it cannot be shared (the placeholder shows up outside a nonce attribute).
 * The nonce attributes go and the CSP lists the hashes of the page's inline
 * scripts instead: every visitor then gets the same bytes, compressed once.
 */
export async function createTemplate(
  status: number,
  rendered: Headers,
  body: string,
  now = Date.now(),
): Promise<PageTemplate | null> {
  const isHtml = /^text\/html\b/.test(rendered.get("content-type") ?? "");
  const withoutNonces = body.replace(NONCE_ATTRIBUTE, "");
  if (withoutNonces.includes(NONCE_PLACEHOLDER)) return null;
  // Decision 0006: a cached page asks for its scripts after the first paint.
  const page = isHtml ? deferHydration(withoutNonces) : withoutNonces;
  const headers: Record<string, string> = {};
  for (const [name, value] of rendered) if (!UNCACHED_HEADERS.has(name)) headers[name] = value;
  const csp = headers["content-security-policy"];
  if (csp) {
    const sources = isHtml ? inlineScriptHashes(page) : [];
    headers["content-security-policy"] = csp.replace(/\s*'nonce-[^']*'/, sources.map((source) => ` ${source}`).join(""));
  }
  headers["cache-control"] = "no-cache";
  headers["vary"] = "Accept-Encoding";
  headers["x-page-cache"] = "hit";

  const identity = Buffer.from(page, "utf8");
  // Off the event loop (zlib's thread pool): the maximum level costs tens of milliseconds once per page and minute.
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const bodies: Record<Encoding, Buffer> = { br, gzip: gz, identity };
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`;
  const headersFor = (encoding: Encoding) => ({
    ...headers,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": String(bodies[encoding].length),
    etag,
  });
  return {
    status,
    headers: { br: headersFor("br"), gzip: headersFor("gzip"), identity: headersFor("identity") },
    bodies,
    etag,
    storedAt: now,
  };
}

/** Whether an Accept-Encoding header admits `coding` (a `q=0` refuses it). */
export function acceptsEncoding(acceptEncoding: string | null, coding: Exclude<Encoding, "identity">) {
  return (acceptEncoding ?? "").split(",").some((entry) => {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (name !== coding) return false;
    const quality = params.find((param) => param.startsWith("q="));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

export function chooseEncoding(acceptEncoding: string | null): Encoding {
  if (acceptsEncoding(acceptEncoding, "br")) return "br";
  if (acceptsEncoding(acceptEncoding, "gzip")) return "gzip";
  return "identity";
}

/** What serving a stored page reads from the request. */
export type PageRequest = { method: string; acceptEncoding?: string | null; ifNoneMatch?: string | null };

/**
 * The response for one request: stored bytes and headers, no work beyond
 * choosing the encoding. A browser revalidating with the page's ETag gets 304.
 */
export function servePage(template: PageTemplate, request: PageRequest, state: "hit" | "miss" = "hit"): Response {
  const encoding = chooseEncoding(request.acceptEncoding ?? null);
  const headers = { ...template.headers[encoding] };
  if (state === "miss") headers["x-page-cache"] = "miss";
  if (request.ifNoneMatch === template.etag) {
    delete headers["content-length"];
    delete headers["content-encoding"];
    return new Response(null, { status: 304, headers });
  }
  const body = request.method === "HEAD" ? null : (template.bodies[encoding] as Uint8Array<ArrayBuffer>);
  return new Response(body, { status: template.status, headers });
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
 * invalidation that reaches its page is not stored: its content may predate
 * the change.
 */
export class PageCache {
  readonly #entries = new Map<string, PageTemplate>();
  readonly #rendering = new Map<string, Promise<PageTemplate | null>>();
  #generation = 0;
  /** Moves on with every catalogue change: a catalogue page's render that saw an older value is not stored. */
  #catalogueGeneration = 0;

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
    const catalogueGeneration = showsCatalogue(key) ? this.#catalogueGeneration : null;
    let settle!: (template: PageTemplate | null) => void;
    this.#rendering.set(key, new Promise((resolve) => (settle = resolve)));
    let template: PageTemplate | null = null;
    try {
      const response = await render();
      if (!isCacheableResponse(response)) return response;
      const body = await response.text();
      template = await createTemplate(response.status, response.headers, body, this.now());
      if (!template) return new Response(body, { status: response.status, headers: response.headers });
      const isCurrent =
        generation === this.#generation && (catalogueGeneration === null || catalogueGeneration === this.#catalogueGeneration);
      if (isCurrent) this.set(key, template);
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

  /** Drops the pages `change` can alter: every page, or only those that show the catalogue. */
  invalidate(change: PublicChange = "all") {
    if (change === "all") {
      this.#generation++;
      this.#entries.clear();
      return;
    }
    this.#catalogueGeneration++;
    for (const key of this.#entries.keys()) if (showsCatalogue(key)) this.#entries.delete(key);
  }
}

export const pageCache = new PageCache();

// Another instance's change: drop this process's pages it reaches (lib/shared-cache.server.ts).
onSharedChange(() => pageCache.invalidate("all"));
onSharedChange(() => pageCache.invalidate("catalogue"), "catalogue");

/**
 * Tables whose rows the public pages show. A transaction that writes to one
 * of them through the query builder drops the cache once it commits
 * (db/committed-writes.server.ts, decision 0016): the shop's products (stock,
 * price, photo, shown or not: the stock ledger writes the product row with
 * every movement), the blog, the FAQ, the reviews and the services listed
 * on the home and in the footer. A write to CATALOGUE_TABLES alone drops only
 * the pages that show the catalogue (showsCatalogue); any other, every page.
 */
export const PUBLIC_CONTENT_TABLES = [
  "products",
  "product_units",
  "blog_posts",
  "faq_entries",
  "site_texts",
  "reviews",
  "shop_services",
] as const;

/** The public tables only the catalogue's pages read (showsCatalogue). */
export const CATALOGUE_TABLES = [
  "products",
  "product_units",
] as const satisfies readonly (typeof PUBLIC_CONTENT_TABLES)[number][];

/**
 * Drops the cached public pages `change` reaches (every page unless told
 * "catalogue"), here and (within a few seconds) on every other instance on
 * the same PostgreSQL (lib/shared-cache.server.ts). Runs by itself after a
 * transaction that wrote one of PUBLIC_CONTENT_TABLES commits; call it (after
 * the commit) for any other change of what a visitor sees, as the shop
 * settings do.
 */
export function invalidatePublicPages(change: PublicChange = "all") {
  pageCache.invalidate(change);
  announceSharedChange(change);
}
