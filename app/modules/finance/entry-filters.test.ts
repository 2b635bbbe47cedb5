import { describe, expect, it } from "vitest";
import { columnOfHeader } from "~/modules/inventory/product-csv";
import { entryFiltersFromSearchParams } from "./entry-filters";

const OBJECT_MEMBERS = ["__proto__", "constructor", "toString", "hasOwnProperty"];

describe("entryFiltersFromSearchParams", () => {
  it.each(OBJECT_MEMBERS)("reads %s as tipo or situacao as no filter", (key) => {
    const filters = entryFiltersFromSearchParams(new URLSearchParams({ tipo: key, situacao: key }));
    expect(filters.direction).toBeNull();
    expect(filters.status).toBeNull();
  });

  it("reads the words the list writes", () => {
    const filters = entryFiltersFromSearchParams(new URLSearchParams({ tipo: "saida", situacao: "pago" }));
    expect([filters.direction, filters.status]).toEqual(["out", "paid"]);
  });
});

describe("a product sheet's header", () => {
  it.each(OBJECT_MEMBERS)("%s names no column", (key) => {
    expect(columnOfHeader(key)).toBeNull();
  });
});
