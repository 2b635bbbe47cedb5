import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatTrackingCode,
  generateTrackingCode,
  normaliseTrackingCode,
  TRACKING_CODE_ALPHABET,
  TRACKING_CODE_LENGTH,
  trackingUrl,
} from "./tracking-code";

describe("generateTrackingCode", () => {
  it("draws 8 symbols from the unambiguous alphabet", () => {
    for (let round = 0; round < 500; round++) {
      const code = generateTrackingCode();
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    }
  });

  it("never uses look-alike characters", () => {
    expect(TRACKING_CODE_ALPHABET).not.toMatch(/[01OILU]/);
    expect(new Set(TRACKING_CODE_ALPHABET).size).toBe(TRACKING_CODE_ALPHABET.length);
  });

  it("does not repeat itself in practice and uses every symbol", () => {
    const codes = new Set(Array.from({ length: 2000 }, generateTrackingCode));
    expect(codes.size).toBe(2000);
    const symbols = new Set([...codes].join(""));
    expect(symbols.size).toBe(TRACKING_CODE_ALPHABET.length);
  });
});

describe("normaliseTrackingCode", () => {
  it("accepts what people type: lower case, dashes, spaces", () => {
    expect(normaliseTrackingCode("k7qx-3mra")).toBe("K7QX3MRA");
    expect(normaliseTrackingCode(" K7QX 3MRA ")).toBe("K7QX3MRA");
    expect(normaliseTrackingCode("K7QX.3MRA")).toBe("K7QX3MRA");
  });

  it("reads a typed U as V", () => {
    expect(normaliseTrackingCode("uvuv-2345")).toBe("VVVV2345");
  });

  it("refuses what cannot be a code", () => {
    expect(normaliseTrackingCode("")).toBeNull();
    expect(normaliseTrackingCode("K7QX3MR")).toBeNull();
    expect(normaliseTrackingCode("K7QX3MRAB")).toBeNull();
    expect(normaliseTrackingCode("K7QX3MR0")).toBeNull();
    expect(normaliseTrackingCode("K7QX3MRO")).toBeNull();
    expect(normaliseTrackingCode("K7QX3MRI")).toBeNull();
    expect(normaliseTrackingCode("K7QX3MR!")).toBeNull();
    expect(normaliseTrackingCode("123")).toBeNull();
  });

  it("round-trips every generated code in its printed form", () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const code = generateTrackingCode();
        expect(normaliseTrackingCode(formatTrackingCode(code))).toBe(code);
        expect(normaliseTrackingCode(formatTrackingCode(code).toLowerCase())).toBe(code);
      }),
    );
  });

  it("never throws and returns either null or a code", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = normaliseTrackingCode(input);
        if (result !== null) expect(result).toMatch(new RegExp(`^[${TRACKING_CODE_ALPHABET}]{${TRACKING_CODE_LENGTH}}$`));
      }),
    );
  });
});

describe("formatTrackingCode and trackingUrl", () => {
  it("prints the code in two groups of four", () => {
    expect(formatTrackingCode("K7QX3MRA")).toBe("K7QX-3MRA");
  });

  it("links to /consultar with the code", () => {
    expect(trackingUrl("https://loja.com.br", "K7QX3MRA")).toBe("https://loja.com.br/consultar?codigo=K7QX3MRA");
    expect(trackingUrl("https://loja.com.br/", "K7QX3MRA")).toBe("https://loja.com.br/consultar?codigo=K7QX3MRA");
  });
});
