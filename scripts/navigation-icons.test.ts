import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { STAFF_AREAS } from "~/components/layout/staff-areas";
import { NAVIGATION_ICONS_FILE, navigationIconsSvg } from "./support/navigation-icons";

describe("the staff navigation's icon file", () => {
  it("is what STAFF_AREAS draws (after changing an icon: npm run generate:icons)", () => {
    expect(fs.readFileSync(NAVIGATION_ICONS_FILE, "utf8")).toBe(navigationIconsSvg());
  });

  it("has one drawing under each area's id", () => {
    const svg = fs.readFileSync(NAVIGATION_ICONS_FILE, "utf8");
    for (const key of Object.keys(STAFF_AREAS))
      expect(svg).toMatch(new RegExp(`<svg [^>]*id="icone-${key}"[^>]*><(path|rect|circle|line) `));
  });
});
