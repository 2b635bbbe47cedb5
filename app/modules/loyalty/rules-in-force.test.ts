import { describe, expect, it } from "vitest";
import { DEFAULT_LOYALTY_RULES, type LoyaltyRules } from "./rules";
import { selectRulesInForce, type SavedRulesVersion } from "./rules-in-force";

const version = (id: number, effectiveFrom: string, change: Partial<LoyaltyRules> = {}): SavedRulesVersion => ({
  id,
  rules: { ...DEFAULT_LOYALTY_RULES, ...change, effectiveFrom },
});

describe("the rules in force on a day", () => {
  it("are the defaults (spec point 9) before any version, and with none saved", () => {
    expect(selectRulesInForce([], "2026-11-29")).toBe(DEFAULT_LOYALTY_RULES);
    expect(selectRulesInForce([version(1, "2026-12-01")], "2026-11-30")).toBe(DEFAULT_LOYALTY_RULES);
  });

  it("start on the effective day itself and last until the next version's day", () => {
    const versions = [version(1, "2026-12-01", { referralPoints: 150 }), version(2, "2027-01-01", { referralPoints: 200 })];
    expect(selectRulesInForce(versions, "2026-12-01").referralPoints).toBe(150);
    expect(selectRulesInForce(versions, "2026-12-31").referralPoints).toBe(150);
    expect(selectRulesInForce(versions, "2027-01-01").referralPoints).toBe(200);
    expect(selectRulesInForce(versions, "2030-06-15").referralPoints).toBe(200);
  });

  it("do not depend on the order the versions are read in; of two for one day, the later saved wins", () => {
    const versions = [version(3, "2026-12-01", { enabled: false }), version(1, "2026-12-01"), version(2, "2027-01-01")];
    expect(selectRulesInForce(versions, "2026-12-10")).toMatchObject({ enabled: false, effectiveFrom: "2026-12-01" });
    expect(selectRulesInForce([...versions].reverse(), "2026-12-10")).toMatchObject({ enabled: false });
    expect(selectRulesInForce(versions, "2027-01-02").effectiveFrom).toBe("2027-01-01");
  });
});
