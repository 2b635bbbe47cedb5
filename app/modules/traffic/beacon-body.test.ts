import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseBeaconBody, sourceOf } from "./beacon-body";

const HOST = "loja.test";

describe("parseBeaconBody", () => {
  it("reads a page view with its attribution, tags in lower case and the site's own host as no referrer", () => {
    expect(
      parseBeaconBody(JSON.stringify({ p: "/loja", e: 1, r: "www.Google.com", us: " Instagram ", uc: "Natal" }), HOST),
    ).toEqual({
      path: "/loja",
      kinds: null,
      isEntry: true,
      referrerHost: "google.com",
      utmSource: "instagram",
      utmMedium: null,
      utmCampaign: "natal",
    });
    expect(parseBeaconBody(JSON.stringify({ p: "/", r: "www.loja.test" }), HOST)?.referrerHost).toBeNull();
  });

  it("reads conversions, each kind once", () => {
    expect(parseBeaconBody(JSON.stringify({ p: "/", k: ["whatsapp", "orcamento_servico", "whatsapp"] }), HOST)?.kinds).toEqual([
      "whatsapp",
      "orcamento_servico",
    ]);
  });

  it.each([
    ["not JSON", "{p:"],
    ["an array", "[]"],
    ["null", "null"],
    ["no path", JSON.stringify({ e: 1 })],
    ["a path that is a URL", JSON.stringify({ p: "https://x.test/" })],
    ["a protocol-relative path", JSON.stringify({ p: "//x.test/" })],
    ["a path with a query", JSON.stringify({ p: "/auth?token=x" })],
    ["a control character", JSON.stringify({ p: "/a\u0000b" })],
    ["a long path", JSON.stringify({ p: `/${"a".repeat(400)}` })],
    ["an unknown kind", JSON.stringify({ p: "/", k: ["compra"] })],
    ["an empty kind list", JSON.stringify({ p: "/", k: [] })],
    ["an unknown field", JSON.stringify({ p: "/", ip: "10.0.0.1" })],
    ["a referrer that is a URL", JSON.stringify({ p: "/", r: "https://google.com/search?q=x" })],
    ["an entry mark other than 1", JSON.stringify({ p: "/", e: true })],
    ["a long tag", JSON.stringify({ p: "/", us: "x".repeat(101) })],
  ])("refuses %s", (_name, text) => {
    expect(parseBeaconBody(text, HOST)).toBeNull();
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        parseBeaconBody(text, HOST);
      }),
    );
  });

  it("names the source by utm_source, then the referrer, then (direto)", () => {
    expect(sourceOf({ utmSource: "recibo", referrerHost: "google.com" })).toBe("recibo");
    expect(sourceOf({ utmSource: null, referrerHost: "google.com" })).toBe("google.com");
    expect(sourceOf({ utmSource: null, referrerHost: null })).toBe("(direto)");
  });
});
