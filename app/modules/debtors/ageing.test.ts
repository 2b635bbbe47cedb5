import { describe, expect, it } from "vitest";
import { ageingBucketOfDays, daysOverdue } from "./ageing";

describe("faixas de atraso", () => {
  it("separa 30/31, 60/61 e 90/91 dias", () => {
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucketOfDays)).toEqual([
      "0-30",
      "0-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "90+",
      "90+",
    ]);
  });

  it("conta dias de calendário e não conta o dia do vencimento", () => {
    expect(daysOverdue("2026-11-22", "2026-11-22")).toBe(0);
    expect(daysOverdue("2026-11-23", "2026-11-22")).toBe(0);
    expect(daysOverdue("2026-10-23", "2026-11-22")).toBe(30);
    expect(daysOverdue("2026-02-28", "2026-03-01")).toBe(1);
  });
});
