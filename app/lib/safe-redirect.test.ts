import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const ORIGIN = "https://loja.example";

/** What a browser does with a Location header: resolve it against the page's address with the URL parser. */
const originReached = (location: string) => new URL(location, ORIGIN).origin;

/** A Location header must be a valid header value (no CR, LF, NUL, nothing above U+00FF), or the response is a 500. */
const isValidHeaderValue = (value: string) => {
  try {
    return new Headers({ location: value }).get("location") === value;
  } catch {
    return false;
  }
};

describe("safeRedirectPath", () => {
  it.each([
    "/dashboard",
    "/service-orders?status=open",
    "/fidelidade#pontos",
    "/authors",
    "/customers/new?voltar=%2Fnew-service-order",
  ])("keeps the local path %j", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it("hands back the parser's own form of a path, so the header is always valid", () => {
    expect(safeRedirectPath("/blog/ação")).toBe("/blog/a%C3%A7%C3%A3o");
    expect(safeRedirectPath("/a/../dashboard")).toBe("/dashboard");
  });

  it.each([
    ["nothing", null],
    ["undefined", undefined],
    ["an empty string", ""],
    ["a protocol-relative URL", "//evil.example/x"],
    ["a backslash trick", "/\\evil.example"],
    ["a backslash later on", "/x/..\\..\\\\evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "dashboard"],
    ["the sign-in page itself", "/auth"],
    ["the sign-in page with a query", "/auth?from=/x"],
    ["a page below sign-in", "/auth/nova-senha"],
    ["the sign-in page reached through dots", "/x/../auth"],
    // The URL parser drops tabs and newlines anywhere: "/\t/evil.example" is read as "//evil.example".
    ["a tab after the first slash", "/\t/evil.example"],
    ["a line feed after the first slash", "/\n/evil.example"],
    ["a carriage return after the first slash", "/\r/evil.example"],
    ["a space after the first slash", "/ /evil.example"],
    ["a no-break space", "/\u00a0/evil.example"],
    ["a header injection", "/\r\nSet-Cookie: x=1"],
    ["a NUL", "/a\u0000b"],
    ["another control character", "/a\u001fb"],
    ["DEL", "/a\u007fb"],
    ["an encoded slash", "/%2F/evil.example"],
    ["an encoded slash in lower case", "/%2f%2fevil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["a double-encoded slash", "/%252F/evil.example"],
    // The parser removes dot segments, leaving "//evil.example": protocol-relative once it is a Location.
    ["a dot segment before a second slash", "/.//evil.example"],
    ["a parent segment before a second slash", "/a/..//evil.example/x"],
  ])("falls back for %s", (_, target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.example", "/")).toBe("/");
  });

  it("never sends anyone to another origin, and always gives a valid header", () => {
    // Strings built mostly from the characters that tricks are made of, so the hostile cases come up often.
    const tricky = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "\r",
      " ",
      "\u0000",
      "%",
      "2F",
      "5C",
      "09",
      ":",
      ".",
      "?",
      "#",
      "@",
      "evil.example",
      "auth",
      "ç",
      "😀",
    );
    const target = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(tricky, { maxLength: 12 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(target, (value) => {
        const result = safeRedirectPath(value);
        expect(originReached(result)).toBe(ORIGIN);
        expect(isValidHeaderValue(result)).toBe(true);
        expect(safeRedirectPath(result), "a returned path is accepted as it is").toBe(result);
      }),
      { numRuns: 2000 },
    );
  });
});
