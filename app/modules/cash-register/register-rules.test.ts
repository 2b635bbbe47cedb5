import { describe, expect, it } from "vitest";
import { denominationsTotalCents } from "./denominations";
import { closingTotalsOf, entriesFingerprint, expectedByMethod, sortedClosingTotals } from "./register-rules";
import { CloseCashRegisterSchema } from "./validation";

const entry = (method: "cash" | "pix" | "debit" | "credit", amountCents: number, isCancelled = false) => ({
  method,
  amountCents,
  isCancelled,
});

describe("the register's expected amounts", () => {
  it("adds the float to cash, skips cancelled entries, keeps each method apart", () => {
    const expected = expectedByMethod(10_000, [
      entry("cash", 5_055),
      entry("cash", -3_000),
      entry("cash", 99_999, true),
      entry("pix", 12_000),
      entry("credit", 9_999),
    ]);
    expect(expected).toEqual({ cash: 12_055, pix: 12_000, debit: 0, credit: 9_999, crediario: 0, "store-credit": 0 });
  });

  it("closes with cash as counted, PIX and cards as expected unless corrected, and only the methods that were used", () => {
    const entries = [entry("cash", 2_000), entry("pix", 5_000), entry("debit", 1_000, true)];
    expect(closingTotalsOf(1_000, entries, 2_950, { pix: 4_900, debit: null })).toEqual({
      cash: { expectedCents: 3_000, countedCents: 2_950 },
      pix: { expectedCents: 5_000, countedCents: 4_900 },
      debit: { expectedCents: 0, countedCents: 0 },
    });
    expect(closingTotalsOf(0, [], 0, {})).toEqual({ cash: { expectedCents: 0, countedCents: 0 } });
  });

  it("lists a stored closing in the register's order whatever order its JSON kept", () => {
    expect(sortedClosingTotals({ pix: 1, credit: 3, cash: 2, unknown: 4 }).map(([method]) => method)).toEqual([
      "cash",
      "pix",
      "credit",
      "unknown",
    ]);
  });

  it("changes the fingerprint when an entry comes or is cancelled", () => {
    const before = entriesFingerprint([{ id: 1, isCancelled: false }]);
    expect(entriesFingerprint([{ id: 1, isCancelled: false }])).toBe(before);
    expect(entriesFingerprint([{ id: 1, isCancelled: true }])).not.toBe(before);
    expect(
      entriesFingerprint([
        { id: 1, isCancelled: false },
        { id: 2, isCancelled: false },
      ]),
    ).not.toBe(before);
  });
});

describe("the count by note and coin", () => {
  it("adds up every denomination of the real to the centavo", () => {
    expect(
      denominationsTotalCents({
        "20000": 1,
        "10000": 1,
        "5000": 1,
        "2000": 1,
        "1000": 1,
        "500": 1,
        "200": 1,
        "100": 1,
        "50": 1,
        "25": 1,
        "10": 1,
        "5": 1,
      }),
    ).toBe(38_890);
    expect(denominationsTotalCents({})).toBe(0);
  });

  it("accepts whole counts only, blank as zero", () => {
    const base = { countMode: "denominations", seen: "1.1.0", idempotencyKey: "chave-de-teste-1" };
    expect(CloseCashRegisterSchema.parse({ ...base, denominations: { "20000": "3", "5": "" } }).denominations).toMatchObject({
      "20000": 3,
      "5": 0,
    });
    for (const count of ["-1", "1.5", "1e3", "abc", "1000000"]) {
      expect(CloseCashRegisterSchema.safeParse({ ...base, denominations: { "20000": count } }).success, count).toBe(false);
    }
  });
});
