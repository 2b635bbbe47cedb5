import { describe, expect, it } from "vitest";
import { hasTrackingLookupInput, parseTrackingLookup } from "./public-tracking.server";

describe("parseTrackingLookup", () => {
  it("reads a tracking code as people type it (case, dashes, spaces, look-alikes)", () => {
    expect(parseTrackingLookup({ code: "k7qx-3mra" })).toEqual({ ok: true, lookup: { kind: "code", code: "K7QX3MRA" } });
    expect(parseTrackingLookup({ code: " K7QX 3MRA " })).toEqual({ ok: true, lookup: { kind: "code", code: "K7QX3MRA" } });
  });

  it("prefers the code when both ways are filled", () => {
    expect(parseTrackingLookup({ code: "K7QX3MRA", orderNumber: "12", phoneLast4: "1234" })).toMatchObject({
      lookup: { kind: "code" },
    });
  });

  it("reads the order number (with or without 'OS') and the last four digits", () => {
    expect(parseTrackingLookup({ orderNumber: "OS 123", phoneLast4: "12-34" })).toEqual({
      ok: true,
      lookup: { kind: "order-number", orderNumber: 123, phoneLast4: "1234" },
    });
  });

  it("says in Portuguese what is wrong with the shape, never whether an order exists", () => {
    expect(parseTrackingLookup({ code: "ABC" })).toEqual({ ok: false, errors: { code: expect.stringContaining("8 letras") } });
    expect(parseTrackingLookup({})).toEqual({ ok: false, errors: { form: expect.stringContaining("código de acompanhamento") } });
    expect(parseTrackingLookup({ orderNumber: "abc", phoneLast4: "12" })).toEqual({
      ok: false,
      errors: { orderNumber: expect.any(String), phoneLast4: expect.any(String) },
    });
  });

  it("knows an empty form from a lookup", () => {
    expect(hasTrackingLookupInput({ code: "", orderNumber: " ", phoneLast4: null })).toBe(false);
    expect(hasTrackingLookupInput({ orderNumber: "1" })).toBe(true);
  });
});
