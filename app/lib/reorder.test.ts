import { describe, expect, it } from "vitest";
import { moveOnePlace } from "./reorder";

describe("moving a row of a hand-ordered list", () => {
  it("numbers every row the first time, then writes only the two that swap", () => {
    const unnumbered = [10, 11, 12].map((id) => ({ id, position: 0 }));
    expect(moveOnePlace(unnumbered, 2, "up")).toEqual({
      changes: [
        { id: 10, position: 1 },
        { id: 12, position: 2 },
        { id: 11, position: 3 },
      ],
      from: 3,
      to: 2,
    });
    const numbered = [
      { id: 10, position: 1 },
      { id: 12, position: 2 },
      { id: 11, position: 3 },
    ];
    expect(moveOnePlace(numbered, 0, "down")).toEqual({
      changes: [
        { id: 12, position: 1 },
        { id: 10, position: 2 },
      ],
      from: 1,
      to: 2,
    });
  });

  it("leaves a row already at that end where it is", () => {
    const rows = [{ id: 1, position: 1 }];
    expect(moveOnePlace(rows, 0, "up")).toBeNull();
    expect(moveOnePlace(rows, 0, "down")).toBeNull();
  });
});
