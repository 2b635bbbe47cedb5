import { describe, expect, it } from "vitest";
import { describeTimeAgo } from "./relative-time";

const now = new Date("2026-11-22T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe("describeTimeAgo", () => {
  it("speaks Portuguese in the largest whole unit", () => {
    expect(describeTimeAgo(daysAgo(0), now)).toBe("agora mesmo");
    expect(describeTimeAgo(daysAgo(1), now)).toBe("há 1 dia");
    expect(describeTimeAgo(daysAgo(15), now)).toBe("há 2 semanas");
    expect(describeTimeAgo(daysAgo(65), now)).toBe("há 2 meses");
    expect(describeTimeAgo(daysAgo(400), now)).toBe("há 1 ano");
  });
});
