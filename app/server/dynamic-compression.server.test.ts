import { constants, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chosenEncoding, compressDynamic, DYNAMIC_COMPRESSION_LEVEL } from "./dynamic-compression.server";

const PAGE = `<!doctype html><html><body>${"<p>Ordem de serviço 123 — Cliente Fulano</p>".repeat(200)}</body></html>`;

function appWith(headers: Record<string, string> = {}, body = PAGE) {
  const app = new Hono();
  app.use(compressDynamic);
  app.get("/page", () => {
    // A streamed body, as React Router answers a page.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(body);
        const half = Math.floor(bytes.length / 2);
        controller.enqueue(bytes.slice(0, half));
        controller.enqueue(bytes.slice(half));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
  });
  return app;
}

describe("compressDynamic", () => {
  it("gzips a page at the low level, streamed, with Vary and a weak ETag", async () => {
    const response = await appWith({ ETag: '"abc"' }).request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(response.headers.get("ETag")).toBe('W/"abc"');
    expect(response.headers.get("Content-Length")).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(gunzipSync(body).toString("utf8")).toBe(PAGE);
    // Written at the low level (the same bytes as gzip at level 1), not at zlib's default as CompressionStream did.
    expect(DYNAMIC_COMPRESSION_LEVEL).toBe(1);
    expect(body.equals(gzipSync(PAGE, { level: 1 }))).toBe(true);
    expect(body.equals(gzipSync(PAGE, { level: constants.Z_DEFAULT_COMPRESSION }))).toBe(false);
  });

  it("deflates when the client takes no gzip, and leaves the body alone when it takes neither", async () => {
    const deflated = await appWith().request("/page", { headers: { "Accept-Encoding": "gzip;q=0, deflate" } });
    expect(deflated.headers.get("Content-Encoding")).toBe("deflate");
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString("utf8")).toBe(PAGE);

    const plain = await appWith().request("/page", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(PAGE);
  });

  it("leaves alone what must not be compressed: no-transform, already encoded, under 1 KB, HEAD", async () => {
    const cases = [
      appWith({ "Cache-Control": "private, no-transform" }).request("/page", { headers: { "Accept-Encoding": "gzip" } }),
      appWith({ "Content-Encoding": "br" }).request("/page", { headers: { "Accept-Encoding": "gzip" } }),
      appWith({ "Content-Length": "20" }, "<p>pequena</p>").request("/page", { headers: { "Accept-Encoding": "gzip" } }),
      appWith().request("/page", { method: "HEAD", headers: { "Accept-Encoding": "gzip" } }),
    ];
    const [noTransform, encoded, small, head] = await Promise.all(cases);
    expect(noTransform!.headers.get("Content-Encoding")).toBeNull();
    expect(encoded!.headers.get("Content-Encoding")).toBe("br");
    expect(small!.headers.get("Content-Encoding")).toBeNull();
    expect(head!.headers.get("Content-Encoding")).toBeNull();
  });

  it("reads Accept-Encoding's qualities and wildcard", () => {
    expect(chosenEncoding(undefined)).toBeNull();
    expect(chosenEncoding("br")).toBeNull();
    expect(chosenEncoding("br, gzip")).toBe("gzip");
    expect(chosenEncoding("GZIP;q=0.5")).toBe("gzip");
    expect(chosenEncoding("gzip;q=0, *")).toBe("deflate");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("*;q=0")).toBeNull();
  });
});
