import { describe, expect, it } from "vitest";
import { claimOrderNote, daysLeftLabel, exclusionLines, warrantyStanding } from "./rules";

describe("warrantyStanding", () => {
  const warranty = { endsOn: "2026-03-01" };

  it("is active up to and including its last contractual day", () => {
    expect(warrantyStanding(warranty, "2026-02-20")).toEqual({ status: "active", daysLeft: 9, legalEndsOn: "2026-05-30" });
    expect(warrantyStanding(warranty, "2026-03-01")).toMatchObject({ status: "active", daysLeft: 0 });
  });

  it("counts the legal 90 days after the contractual end (CDC art. 50)", () => {
    expect(warrantyStanding(warranty, "2026-03-02")).toEqual({ status: "legal-only", daysLeft: 89, legalEndsOn: "2026-05-30" });
    expect(warrantyStanding(warranty, "2026-05-30")).toMatchObject({ status: "legal-only", daysLeft: 0 });
  });

  it("is expired the day after the legal end", () => {
    expect(warrantyStanding(warranty, "2026-05-31")).toEqual({ status: "expired", daysLeft: 0, legalEndsOn: "2026-05-30" });
  });
});

describe("labels", () => {
  it("says the days left in words", () => {
    expect([0, 1, 30].map(daysLeftLabel)).toEqual(["último dia", "1 dia", "30 dias"]);
  });

  it("lists the exclusions one per non-empty line", () => {
    expect(exclusionLines(" Líquido \n\n Quedas ")).toEqual(["Líquido", "Quedas"]);
  });

  it("names the origin of a claim's order", () => {
    expect(claimOrderNote({ serviceOrderId: 42, saleId: null, warrantyId: 7 })).toBe("Garantia da OS nº 42");
    expect(claimOrderNote({ serviceOrderId: null, saleId: 12, warrantyId: 7 })).toBe("Garantia nº 7 (venda nº 12)");
  });
});
