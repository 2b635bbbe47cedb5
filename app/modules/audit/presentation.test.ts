import { describe, expect, it } from "vitest";
import { actionLabelOf, areaLabelOf, detailLinesOf, detailText, fieldLabelOf, recordPageOf, WITHHELD } from "./presentation";

describe("the audit log's presentation", () => {
  it("shows a change recorded as before/after objects field by field, only what changed", () => {
    expect(
      detailLinesOf({
        before: { description: "Aluguel", amountCents: 150_000, dueDate: "2026-11-10" },
        after: { description: "Aluguel", amountCents: 160_000, dueDate: "2026-11-15" },
      }),
    ).toEqual([
      { field: "amountCents", before: "R$\u00a01.500,00", after: "R$\u00a01.600,00" },
      { field: "dueDate", before: "2026-11-10", after: "2026-11-15" },
    ]);
  });

  it("reads a field's { from, to } as a change and flattens nested values", () => {
    expect(detailLinesOf({ fields: ["name", "priceCents"], priceCents: { from: 1000, to: 1200 } })).toEqual([
      { field: "fields", value: '["name","priceCents"]' },
      { field: "priceCents", before: "R$\u00a010,00", after: "R$\u00a012,00" },
    ]);
    expect(detailLinesOf({ changes: { name: { from: "Loja", to: "Loja Nova" } }, flag: true, none: null })).toEqual([
      { field: "changes.name", before: "Loja", after: "Loja Nova" },
      { field: "flag", value: "sim" },
      { field: "none", value: "—" },
    ]);
  });

  it("never shows a secret, whatever shape it was recorded in", () => {
    const lines = detailLinesOf({
      unlockCode: "1234",
      password: "Segredo#2024",
      token: "abc",
      nested: { resetToken: "xyz", kept: "ok" },
      list: [{ password: "p" }],
      before: { unlockPattern: "L" },
      after: { unlockPattern: "Z" },
      unlockKind: "pin",
    });
    const text = detailText(lines);
    for (const secret of ["1234", "Segredo#2024", "abc", "xyz", '"p"', '"L"', '"Z"']) expect(text).not.toContain(secret);
    expect(text).toContain(WITHHELD);
    expect(text).toContain("nested › kept: ok");
    // The kind of lock is not the code.
    expect(text).toContain("unlockKind: pin");
  });

  it("names actions and areas in Portuguese, and never hides an action it does not know", () => {
    expect(actionLabelOf("sale.record")).toBe("Registrou venda");
    expect(actionLabelOf("algo.novo")).toBe("algo.novo");
    expect(areaLabelOf("finance-entry")).toBe("Financeiro");
    expect(areaLabelOf("desconhecida")).toBe("Outros");
  });

  it("reads fields in words, money in reais and roles by name, keeping what it does not know", () => {
    expect(fieldLabelOf("changes.reviewUrl")).toBe("Link de avaliações");
    expect(fieldLabelOf("before.changes")).toBe("before › changes");
    expect(fieldLabelOf("payment.amountCents")).toBe("payment › Valor");
    expect(fieldLabelOf("algoNovo")).toBe("algoNovo");
    const text = detailText(
      detailLinesOf({
        amountCents: 123_456,
        pixDiscountBasisPoints: { from: 500, to: 750 },
        role: { from: "customer", to: "staff" },
      }),
    );
    expect(text).toContain("Valor: R$ 1.234,56");
    expect(text).toContain("Desconto no PIX: 5% → 7,5%");
    expect(text).toContain("Função: cliente → equipe");
  });

  it("links a record to its page only for a plain number", () => {
    expect(recordPageOf("sale", "12")).toBe("/cash-register/vendas/12");
    expect(recordPageOf("sale", "../x")).toBeNull();
    expect(recordPageOf("auth", "12")).toBeNull();
    expect(recordPageOf("sale", null)).toBeNull();
  });
});
