import { describe, expect, it } from "vitest";
import { parseIdParam, redirectToOwnPageAddress, requestedPage } from "./route-params";

function thrownStatus(action: () => unknown) {
  try {
    action();
  } catch (error) {
    return (error as { init?: ResponseInit | null }).init?.status ?? "erro não tratado";
  }
  return "nada lançado";
}

describe("parseIdParam", () => {
  it("gives the id of a well-formed segment", () => {
    expect(parseIdParam("42")).toBe(42);
    expect(parseIdParam("2147483647")).toBe(2_147_483_647);
  });

  it.each([undefined, "", "abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999", "1\u0000", "1 OR 1=1"])(
    "answers %j with the 404 page",
    (param) => {
      expect(thrownStatus(() => parseIdParam(param))).toBe(404);
    },
  );
});

const at = (query: string) => new Request(`http://loja.test/lista${query}`);
const hrefFor = (page: number) => (page === 1 ? "/lista" : `/lista?pagina=${page}`);

function redirectOf(query: string, list: { page: number; isEmpty: boolean }) {
  try {
    redirectToOwnPageAddress(at(query), list, hrefFor);
  } catch (thrown) {
    return (thrown as Response).headers.get("Location");
  }
  return null;
}

describe("list pages", () => {
  it.each([
    ["", 1],
    ["?pagina=3", 3],
    ["?pagina=abc", 1],
    ["?pagina=-2", 1],
    ["?pagina=1234567", 1],
  ])("reads %j as page %i", (query, page) => {
    expect(requestedPage(at(query))).toBe(page);
  });

  it("stays on a page's own address", () => {
    expect(redirectOf("", { page: 1, isEmpty: false })).toBeNull();
    expect(redirectOf("?pagina=2", { page: 2, isEmpty: false })).toBeNull();
    expect(redirectOf("", { page: 1, isEmpty: true })).toBeNull();
  });

  it("sends other addresses to the page served", () => {
    expect(redirectOf("?pagina=1", { page: 1, isEmpty: false })).toBe("/lista");
    expect(redirectOf("?pagina=x", { page: 1, isEmpty: false })).toBe("/lista");
    expect(redirectOf("?pagina=999999", { page: 50, isEmpty: false })).toBe("/lista?pagina=50");
    expect(redirectOf("?pagina=9", { page: 9, isEmpty: true })).toBe("/lista");
  });
});
