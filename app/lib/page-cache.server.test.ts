import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptsEncoding,
  createTemplate,
  inlineScriptHashes,
  isCacheableResponse,
  NONCE_PLACEHOLDER,
  PageCache,
  pageCacheKey,
  servePage,
  showsCatalogue,
  withNonce,
  type PageRequest,
  type PageTemplate,
} from "./page-cache.server";

const HTML_HEADERS = new Headers({ "content-type": "text/html; charset=utf-8" });
const RENDERED_HEADERS = new Headers({
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'self'; script-src 'self' 'nonce-abc123' 'wasm-unsafe-eval'; object-src 'none'",
});

/** A stored page; the tests that need a page at all get one that can be shared. */
async function page(body: string, storedAt = 0): Promise<PageTemplate> {
  const template = await createTemplate(200, RENDERED_HEADERS, body, storedAt);
  if (!template) throw new Error("página não pôde ser guardada");
  return template;
}
async function maybePage(body: string) {
  return createTemplate(200, RENDERED_HEADERS, body);
}

function keyOf(path: string, { method = "GET", hasSession = false } = {}) {
  return pageCacheKey(method, new URL(`http://loja.test${path}`), hasSession);
}

function request(acceptEncoding: string, method = "GET"): PageRequest {
  return { method, acceptEncoding };
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

  it("keeps the shop's category and page, but renders a search for itself (its text is anyone's)", () => {
    expect(keyOf("/loja?pagina=2&categoria=Capas")).toBe("/loja?categoria=Capas&pagina=2");
    expect(keyOf("/loja/capa-anti-impacto")).toBe("/loja/capa-anti-impacto");
    expect(keyOf("/loja?busca=capa")).toBeNull();
    expect(keyOf("/loja?categoria=Capas&busca=capa")).toBeNull();
    expect(keyOf("/loja/capa?categoria=Capas")).toBeNull();
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
    ["an uploaded image", "/arquivos/0123456789abcdef0123456789abcdef-640.webp", {}],
    ["a malformed upload name", "/arquivos/nada", {}],
    ["a doubled slash", "//blog", {}],
  ])("renders for %s", (_, path, options) => {
    expect(keyOf(path, options)).toBeNull();
  });

  it("shares the GET entry with HEAD", () => {
    expect(keyOf("/", { method: "HEAD" })).toBe("/");
  });
});

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("stored pages", () => {
  const nonce = "r4nd0m+N0nce/Value==";

  it("drops the nonce attributes and lists the inline scripts' hashes in the CSP instead", async () => {
    const template = await page(SAMPLE);
    const html = template.bodies.identity.toString("utf8");
    expect(html).not.toContain("nonce=");
    expect(html).not.toContain(NONCE_PLACEHOLDER);
    const csp = template.headers.identity["content-security-policy"] ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).toBe(`default-src 'self'; script-src 'self' ${sha("go()")} ${sha("x")} 'wasm-unsafe-eval'; object-src 'none'`);
  });

  it("stores a page with its scripts asked for after the first paint, and hashes the boot script as served (decision 0006)", async () => {
    const boot = `;\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");`;
    const template = await page(
      `<html><head><link rel="modulepreload" href="/assets/root.js" nonce="${NONCE_PLACEHOLDER}"/></head><body><script type="module" async="" nonce="${NONCE_PLACEHOLDER}">${boot}</script></body></html>`,
    );
    const html = template.bodies.identity.toString("utf8");
    expect(html).not.toContain("modulepreload");
    const served = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(served).toContain('await Promise.all([import("/assets/root.js")])');
    expect(template.headers.identity["content-security-policy"]).toContain(sha(served));
  });

  it("hashes the exact text of inline scripts only, once each", () => {
    const html = `<script src="/a.js"></script><script>a()</script><script type="module">a()</script><script>ç</script><script> </script>`;
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(hashes[1]).toBe(sha("ç"));
  });

  it("refuses to share a page that carries the placeholder outside a nonce attribute", async () => {
    expect(await maybePage(`<p>${NONCE_PLACEHOLDER}</p>`)).toBeNull();
  });

  it("serves brotli, gzip or plain text by Accept-Encoding, the same bytes for everyone", async () => {
    const template = await page(SAMPLE);
    const expected = SAMPLE.replaceAll(` nonce="${NONCE_PLACEHOLDER}"`, "");

    const br = servePage(template, request("gzip, deflate, br"));
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("no-cache");
    expect(br.headers.get("x-page-cache")).toBe("hit");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(expected);

    const gzipped = servePage(template, request("gzip;q=1, br;q=0"), "miss");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("x-page-cache")).toBe("miss");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8")).toBe(expected);

    const plain = servePage(template, request("identity"));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(expected);

    const head = servePage(template, request("", "HEAD"));
    expect(head.body).toBeNull();
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(expected));
  });

  it("answers 304 to a browser that already has the page", async () => {
    const template = await page(SAMPLE);
    const first = servePage(template, request("br"));
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = servePage(template, { method: "GET", ifNoneMatch: etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    const stale = servePage(template, { method: "GET", ifNoneMatch: '"outra"' });
    expect(stale.status).toBe(200);
  });

  it("round-trips any body through every encoding", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (body) => {
        const template = await page(body.replaceAll(NONCE_PLACEHOLDER, ""));
        const text = template.bodies.identity.toString("utf8");
        expect(gunzipSync(template.bodies.gzip).toString("utf8")).toBe(text);
        expect(brotliDecompressSync(template.bodies.br).toString("utf8")).toBe(text);
      }),
      { numRuns: 40 },
    );
  });

  it("reads Accept-Encoding's q-values", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0.5", "br")).toBe(true);
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
  it("forgets a page once its time is up", async () => {
    const { clock, cache } = clockedCache();
    cache.set("/", await page("a", 0));
    clock.now = 59_999;
    expect(cache.get("/")).toBeDefined();
    clock.now = 60_000;
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    const { cache } = clockedCache(3);
    for (const key of ["/a", "/b", "/c"]) cache.set(key, await page(key));
    cache.get("/a");
    cache.set("/d", await page("d"));
    expect(cache.size).toBe(3);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/d")).toBeDefined();
  });

  it("drops everything on invalidate", async () => {
    const { cache } = clockedCache();
    cache.set("/", await page("a"));
    cache.set("/blog", await page("b"));
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

  it("drops on a catalogue change only the pages that show the catalogue: /loja, its products, the sitemap", async () => {
    const { cache } = clockedCache(20);
    const catalogue = [
      "/loja",
      "/loja?categoria=Capas&pagina=2",
      "/loja/capa-a15",
      "/loja/capa-a15.data?_routes=x",
      "/loja.data",
      "/sitemap.xml",
    ];
    const others = ["/", "/_.data", "/blog", "/blog/3", "/perguntas", "/consultar", "/robots.txt", "/lojas-parceiras"];
    for (const key of [...catalogue, ...others]) cache.set(key, await page(key));
    cache.invalidate("catalogue");
    for (const key of catalogue) expect(cache.get(key), key).toBeUndefined();
    for (const key of others) expect(cache.get(key), key).toBeDefined();
    expect(cache.size).toBe(others.length);
    // Every key pageCacheKey gives for those addresses is classified the same way.
    expect(showsCatalogue(keyOf("/loja/capa-a15.data?_routes=routes%2F_site%2Fshop-product")!)).toBe(true);
    expect(showsCatalogue(keyOf("/_.data?_routes=root")!)).toBe(false);
  });

  it("does not store a catalogue page whose render started before a catalogue change, but does store the home", async () => {
    const { cache } = clockedCache();
    await cache.fill("/loja/capa-a15", async () => {
      cache.invalidate("catalogue");
      return new Response("<p>em estoque</p>", { headers: HTML_HEADERS });
    });
    expect(cache.get("/loja/capa-a15")).toBeUndefined();
    await cache.fill("/", async () => {
      cache.invalidate("catalogue");
      return new Response("<p>início</p>", { headers: HTML_HEADERS });
    });
    expect(cache.get("/")).toBeDefined();
  });

  it("hands back a response it may not keep, unread", async () => {
    const { cache } = clockedCache();
    const result = await cache.fill("/x", async () => new Response("nada", { status: 404, headers: HTML_HEADERS }));
    expect(result).toBeInstanceOf(Response);
    expect(await (result as Response).text()).toBe("nada");
    expect(cache.size).toBe(0);
  });
});
