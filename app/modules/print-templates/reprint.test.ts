import { describe, expect, it } from "vitest";
import { FIRST_PRINT_MINUTES, isReprint, reprintedAtOf } from "./reprint";

describe("a reprint ('2ª via')", () => {
  const actAt = "2026-11-20T13:00:00.000Z";
  const minutesLater = (minutes: number) => new Date(Date.parse(actAt) + minutes * 60_000);

  it("is any print made more than the first copies' window after the act", () => {
    expect(isReprint(actAt, minutesLater(0))).toBe(false);
    expect(isReprint(actAt, minutesLater(FIRST_PRINT_MINUTES))).toBe(false);
    expect(isReprint(actAt, minutesLater(FIRST_PRINT_MINUTES + 1))).toBe(true);
    expect(isReprint(new Date(actAt), minutesLater(60 * 24 * 7))).toBe(true);
  });

  it("marks the copy with when it was printed; a document attesting no past act (a label, a letter of today) never is one", () => {
    const later = minutesLater(90);
    expect(reprintedAtOf(actAt, later)).toBe(later.toISOString());
    expect(reprintedAtOf(actAt, minutesLater(5))).toBeNull();
    expect(reprintedAtOf(null, later)).toBeNull();
  });
});
