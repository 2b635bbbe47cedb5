import { describe, expect, it } from "vitest";
import { currentTabOf, type SectionTab } from "./section-tabs";

const LOYALTY: SectionTab[] = [
  { to: "/fidelidade", label: "Por nível", isEnd: true },
  { to: "/fidelidade?vista=perto", label: "Perto", isEnd: true },
  { to: "/fidelidade?vista=expirando", label: "Expiram", isEnd: true },
];
const FINANCE: SectionTab[] = [
  { to: "/financial-management", label: "Resumo", isEnd: true },
  { to: "/financial-management/lancamentos", label: "Lançamentos", isEnd: false },
];

describe("the current section tab", () => {
  it("is one tab even when tabs differ only by their query", () => {
    expect(currentTabOf(LOYALTY, { pathname: "/fidelidade", search: "" })).toBe("/fidelidade");
    expect(currentTabOf(LOYALTY, { pathname: "/fidelidade", search: "?vista=perto&pagina=2" })).toBe("/fidelidade?vista=perto");
    expect(currentTabOf(LOYALTY, { pathname: "/fidelidade", search: "?vista=expirando" })).toBe("/fidelidade?vista=expirando");
    // An unknown view falls back to the bare list.
    expect(currentTabOf(LOYALTY, { pathname: "/fidelidade/", search: "?vista=outra" })).toBe("/fidelidade");
  });

  it("follows the path: an end tab only on its own page, another on its pages below", () => {
    expect(currentTabOf(FINANCE, { pathname: "/financial-management", search: "" })).toBe("/financial-management");
    expect(currentTabOf(FINANCE, { pathname: "/financial-management/lancamentos/12", search: "" })).toBe(
      "/financial-management/lancamentos",
    );
    expect(currentTabOf(FINANCE, { pathname: "/financial-management/contas", search: "" })).toBeNull();
    expect(currentTabOf(FINANCE, { pathname: "/financial-management-x", search: "" })).toBeNull();
  });
});
