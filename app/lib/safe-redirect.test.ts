import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/dashboard", "/service-orders?status=open", "/fidelidade#pontos", "/authors"])("keeps the local path %j", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ["nothing", null],
    ["undefined", undefined],
    ["an empty string", ""],
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash trick", "/\\evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["the sign-in page itself", "/auth"],
    ["the sign-in page with a query", "/auth?from=/x"],
    ["a page below sign-in", "/auth/nova-senha"],
  ])("falls back for %s", (_, target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.example", "/")).toBe("/");
  });

  it("never sends anyone to another origin", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (target) => {
        const result = safeRedirectPath(target);
        expect(new URL(result, "https://loja.example").origin).toBe("https://loja.example");
      }),
    );
  });
});
