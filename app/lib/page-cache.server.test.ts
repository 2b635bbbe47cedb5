import { deflateSync, gunzipSync, inflateSync } from "node:zlib";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptsEncoding,
  adler32,
  createTemplate,
  isCacheableResponse,
  NONCE_PLACEHOLDER,
  PageCache,
  pageCacheKey,
  renderDeflate,
  renderGzip,
  renderPlain,
  servePage,
  withNonce,
  type PageTemplate,
} from "./page-cache.server";

const HTML_HEADERS = new Headers({ "content-type": "text/html; charset=utf-8" });

function page(body: string, storedAt = 0): PageTemplate {
  return createTemplate(200, HTML_HEADERS, body, storedAt);
}

function keyOf(path: string, { method = "GET", hasSession = false } = {}) {
  return pageCacheKey(method, new URL(`http://loja.test${path}`), hasSession);
}

function request(acceptEncoding: string, method = "GET") {
  return new Request("http://loja.test/", { method, headers: { "accept-encoding": acceptEncoding } });
}

const SAMPLE = `<html><head><link rel="modulepreload" href="/a.js" nonce="${NONCE_PLACEHOLDER}"/></head><body>Olá, ção
<script nonce="${NONCE_PLACEHOLDER}">go()</script><script nonce="${NONCE_PLACEHOLDER}" type="module">x</script></body></html>`;

describe("pageCacheKey", () => {
  it.each([
    "/",
    "/historia",
    "/contato",
    "/blog",
    "/blog/trocar-bateria",
    "/sitemap.xml",
    "/robots.txt",
    "/_.data",
    "/blog.data",
  ])("caches the anonymous %s", (path) => {
    expect(keyOf(path)).toBe(path);
  });

  it("keeps the blog's page number and single fetch's route list, in a stable order", () => {
    expect(keyOf("/blog?pagina=2")).toBe("/blog?pagina=2");
    expect(keyOf("/blog.data?pagina=2&_routes=routes%2F_site%2Fblog")).toBe("/blog.data?_routes=routes%2F_site%2Fblog&pagina=2");
    expect(keyOf("/blog.data?_routes=routes%2F_site%2Fblog&pagina=2")).toBe(
      keyOf("/blog.data?pagina=2&_routes=routes%2F_site%2Fblog"),
    );
  });

  it.each([
    ["a signed-in person", "/", { hasSession: true }],
    ["a POST", "/contato", { method: "POST" }],
    ["an unknown query parameter", "/?utm_source=x", {}],
    ["a page number outside the blog", "/contato?pagina=2", {}],
    ["the sign-in page", "/auth", {}],
    ["a page below sign-in", "/auth/nova-senha", {}],
    ["better-auth", "/api/auth/get-session", {}],
    ["a staff page", "/inventory", {}],
    ["a staff page's data", "/inventory.data", {}],
    ["the customer's area", "/dashboard", {}],
    ["a built asset", "/assets/entry.client-abc.js", {}],
    ["a static file", "/favicon.svg", {}],
    ["a doubled slash", "//blog", {}],
  ])("renders for %s", (_, path, options) => {
    expect(keyOf(path, options)).toBeNull();
  });

  it("shares the GET entry with HEAD", () => {
    expect(keyOf("/", { method: "HEAD" })).toBe("/");
  });
});

describe("nonce substitution", () => {
  const nonce = "r4nd0m+N0nce/Value==";

  it("puts the request's nonce everywhere the placeholder was, and nowhere else", () => {
    const html = renderPlain(page(SAMPLE), nonce).toString("utf8");
    expect(html).toBe(SAMPLE.replaceAll(NONCE_PLACEHOLDER, nonce));
    expect(html).not.toContain(NONCE_PLACEHOLDER);
    expect(html.match(/nonce="([^"]+)"/g)).toEqual(Array(3).fill(`nonce="${nonce}"`));
  });

  it("builds valid deflate and gzip streams from the pre-compressed pieces", () => {
    const template = page(SAMPLE);
    const expected = SAMPLE.replaceAll(NONCE_PLACEHOLDER, nonce);
    expect(inflateSync(renderDeflate(template, nonce)).toString("utf8")).toBe(expected);
    expect(gunzipSync(renderGzip(template, nonce)).toString("utf8")).toBe(expected);
    // A second nonce length after the first one reuses nothing stale.
    expect(inflateSync(renderDeflate(template, "x")).toString("utf8")).toBe(SAMPLE.replaceAll(NONCE_PLACEHOLDER, "x"));
  });

  it("round-trips any body and nonce", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), fc.string({ minLength: 1, maxLength: 40 }), (pieces, anyNonce) => {
        const body = pieces.join(NONCE_PLACEHOLDER);
        const expected = pieces.join(anyNonce);
        const template = page(body);
        expect(inflateSync(renderDeflate(template, anyNonce)).toString("utf8")).toBe(expected);
        expect(gunzipSync(renderGzip(template, anyNonce)).toString("utf8")).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it("computes Adler-32 as zlib does", () => {
    const data = Buffer.from("x".repeat(10_000) + SAMPLE);
    const zlibStream = deflateSync(data);
    expect(adler32(data)).toBe(zlibStream.readUInt32BE(zlibStream.length - 4));
  });

  it("serves deflate, gzip or plain text by Accept-Encoding, never for a shared cache", async () => {
    const template = page(SAMPLE);

    const deflated = servePage(template, nonce, request("gzip, deflate, br"));
    expect(deflated.headers.get("content-encoding")).toBe("deflate");
    expect(deflated.headers.get("vary")).toBe("Accept-Encoding");
    expect(deflated.headers.get("cache-control")).toBe("no-cache");
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString("utf8")).toContain(`nonce="${nonce}"`);

    const gzipped = servePage(template, nonce, request("gzip;q=1, deflate;q=0"));
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");

    const plain = servePage(template, nonce, request("identity"));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SAMPLE.replaceAll(NONCE_PLACEHOLDER, nonce));

    const head = servePage(template, nonce, request("", "HEAD"));
    expect(head.body).toBeNull();
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
  });

  it("reads Accept-Encoding's q-values", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "deflate")).toBe(true);
    expect(acceptsEncoding("deflate;q=0", "deflate")).toBe(false);
    expect(acceptsEncoding("deflate;q=0.5", "deflate")).toBe(true);
    expect(acceptsEncoding("br", "gzip")).toBe(false);
    expect(acceptsEncoding(null, "gzip")).toBe(false);
  });

  it("gives a page rendered for the cache but not kept its visitor's nonce", async () => {
    const notFound = new Response(SAMPLE, { status: 404, headers: HTML_HEADERS });
    const response = await withNonce(notFound, nonce);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(SAMPLE.replaceAll(NONCE_PLACEHOLDER, nonce));
  });
});

describe("isCacheableResponse", () => {
  it("keeps a plain 200 page, XML or single-fetch data", () => {
    expect(isCacheableResponse(new Response("x", { headers: HTML_HEADERS }))).toBe(true);
    expect(isCacheableResponse(new Response("x", { headers: { "content-type": "text/x-script" } }))).toBe(true);
    expect(isCacheableResponse(new Response("x", { headers: { "content-type": "application/xml" } }))).toBe(true);
  });

  it.each([
    ["a 404", new Response("x", { status: 404, headers: HTML_HEADERS })],
    ["a redirect", new Response(null, { status: 302, headers: { location: "/" } })],
    [
      "a response that sets a cookie",
      new Response("x", { headers: { ...Object.fromEntries(HTML_HEADERS), "set-cookie": "a=b" } }),
    ],
    [
      "a private response",
      new Response("x", { headers: { ...Object.fromEntries(HTML_HEADERS), "cache-control": "private, no-store" } }),
    ],
    ["JSON", new Response("{}", { headers: { "content-type": "application/json" } })],
  ])("refuses %s", (_, response) => {
    expect(isCacheableResponse(response)).toBe(false);
  });
});

function clockedCache(maxEntries = 3, ttlMs = 60_000) {
  const clock = { now: 0 };
  return { clock, cache: new PageCache(maxEntries, ttlMs, () => clock.now) };
}

describe("PageCache", () => {
  it("forgets a page once its time is up", () => {
    const { clock, cache } = clockedCache();
    cache.set("/", page("a", 0));
    clock.now = 59_999;
    expect(cache.get("/")).toBeDefined();
    clock.now = 60_000;
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", () => {
    const { cache } = clockedCache(3);
    for (const key of ["/a", "/b", "/c"]) cache.set(key, page(key));
    cache.get("/a");
    cache.set("/d", page("d"));
    expect(cache.size).toBe(3);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/d")).toBeDefined();
  });

  it("drops everything on invalidate", () => {
    const { cache } = clockedCache();
    cache.set("/", page("a"));
    cache.set("/blog", page("b"));
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(cache.get("/")).toBeUndefined();
  });

  it("renders once for concurrent misses", async () => {
    const { cache } = clockedCache();
    let renders = 0;
    let finish!: () => void;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const leader = cache.fill("/", async () => {
      renders++;
      await rendered;
      return new Response("<p>oi</p>", { headers: HTML_HEADERS });
    });
    const follower = cache.pending("/");
    expect(follower).toBeDefined();
    finish();
    const [template, followed] = await Promise.all([leader, follower]);
    expect(renders).toBe(1);
    expect(followed).toBe(template);
    expect(cache.get("/")).toBe(template);
    expect(cache.pending("/")).toBeUndefined();
  });

  it("does not store a page whose render started before an invalidation", async () => {
    const { cache } = clockedCache();
    const result = await cache.fill("/", async () => {
      cache.invalidate();
      return new Response("<p>velho</p>", { headers: HTML_HEADERS });
    });
    expect(result).not.toBeInstanceOf(Response);
    expect(cache.get("/")).toBeUndefined();
  });

  it("hands back a response it may not keep, unread", async () => {
    const { cache } = clockedCache();
    const result = await cache.fill("/x", async () => new Response("nada", { status: 404, headers: HTML_HEADERS }));
    expect(result).toBeInstanceOf(Response);
    expect(await (result as Response).text()).toBe("nada");
    expect(cache.size).toBe(0);
  });
});
