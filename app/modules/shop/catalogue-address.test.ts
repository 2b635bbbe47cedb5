import { describe, expect, it } from "vitest";
import { readShopListQuery, shopListHref, shopProductHref } from "./catalogue-address";

const read = (query: string) => readShopListQuery(new URLSearchParams(query));

describe("the /loja address", () => {
  it("reads the category, the search (spaces collapsed) and the page", () => {
    expect(read("")).toEqual({ category: null, search: null, page: 1 });
    expect(read("categoria=Capas&busca=%20capa%20%20moto%20&pagina=3")).toEqual({
      category: "Capas",
      search: "capa moto",
      page: 3,
    });
    expect(read("categoria=%20&busca=")).toEqual({ category: null, search: null, page: 1 });
    expect(read(`busca=${"x".repeat(200)}`)?.search).toHaveLength(80);
  });

  it.each([
    "pagina=0",
    "pagina=-1",
    "pagina=1",
    "pagina=1.5",
    "pagina=abc",
    "pagina=99999999999999999999",
    "busca=a%00b",
    "categoria=a%00b",
    `categoria=${"c".repeat(81)}`,
  ])("refuses %s (the loader redirects to the plain list)", (query) => {
    expect(read(query)).toBeNull();
  });

  it("writes one address per list page, page 1 without its number", () => {
    expect(shopListHref({})).toBe("/loja");
    expect(shopListHref({ category: "Fones de ouvido", page: 1 })).toBe("/loja?categoria=Fones+de+ouvido");
    expect(shopListHref({ category: "Capas", search: "moto", page: 2 })).toBe("/loja?categoria=Capas&busca=moto&pagina=2");
    expect(read(shopListHref({ category: "Películas & cia", search: "50%", page: 4 }).slice("/loja?".length))).toEqual({
      category: "Películas & cia",
      search: "50%",
      page: 4,
    });
    expect(shopProductHref("capa-a15")).toBe("/loja/capa-a15");
  });
});
