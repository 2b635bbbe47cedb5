/**
 * Lighthouse's mobile preset slows the CPU by a constant 4×, which turns a
 * high-end desktop (BenchmarkIndex ~1500) into the mid-tier phone it
 * emulates. On a slower host the same 4× emulates a slower phone than that,
 * and Lighthouse's documentation asks to calibrate the multiplier to the
 * host's BenchmarkIndex (docs/throttling.md, "Calibrating the CPU slowdown";
 * its CLI warns below 1000). These are the points of the Lighthouse team's
 * calculator (lighthouse-cpu-throttling-calculator), joined by straight lines:
 * 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 2000 → 6×.
 */
const CALIBRATION_POINTS = [
  { benchmarkIndex: 150, multiplier: 1 },
  { benchmarkIndex: 800, multiplier: 2 },
  { benchmarkIndex: 1300, multiplier: 3 },
  { benchmarkIndex: 1533, multiplier: 4 },
] as const;

/** The multiplier that makes a host with this BenchmarkIndex emulate Lighthouse's mid-tier phone (never below 1×). */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`BenchmarkIndex inválido: ${benchmarkIndex}`);
  const first = CALIBRATION_POINTS[0];
  if (benchmarkIndex <= first.benchmarkIndex) return first.multiplier;
  // The segment the index falls in; above the last point, the last segment's slope goes on (233 points per 1×).
  const found = CALIBRATION_POINTS.findIndex((point) => benchmarkIndex <= point.benchmarkIndex);
  const upperIndex = found === -1 ? CALIBRATION_POINTS.length - 1 : found;
  const lower = CALIBRATION_POINTS[upperIndex - 1]!;
  const upper = CALIBRATION_POINTS[upperIndex]!;
  const slope = (upper.multiplier - lower.multiplier) / (upper.benchmarkIndex - lower.benchmarkIndex);
  return Math.round((lower.multiplier + (benchmarkIndex - lower.benchmarkIndex) * slope) * 100) / 100;
}
