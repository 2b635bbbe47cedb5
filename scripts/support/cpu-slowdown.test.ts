import { describe, expect, it } from "vitest";
import { calibratedCpuSlowdown } from "./cpu-slowdown";

describe("calibratedCpuSlowdown", () => {
  it("gives Lighthouse's 4× to the host its mobile preset assumes", () => {
    expect(calibratedCpuSlowdown(1533)).toBe(4);
  });

  it("follows the calculator's points between them", () => {
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
  });

  it("keeps the last slope above the last point", () => {
    expect(calibratedCpuSlowdown(2000)).toBe(6);
  });

  it("never goes below 1× and refuses a reading that is not a number", () => {
    expect(calibratedCpuSlowdown(100)).toBe(1);
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow("BenchmarkIndex inválido");
    expect(() => calibratedCpuSlowdown(0)).toThrow("BenchmarkIndex inválido");
  });
});
