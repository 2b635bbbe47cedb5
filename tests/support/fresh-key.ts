import { randomUUID } from "node:crypto";

/**
 * A keyed use case called as its form calls it: with a fresh idempotency
 * key in the input at `inputAt` when the test gave none. Tests of other
 * rules use it; tests/integration/idempotent-actions-suite.ts is where keys
 * themselves are tested.
 */
export function withFreshKey<A extends unknown[], R>(use: (...args: A) => R, inputAt: number): (...args: A) => R {
  return (...args: A) => {
    const input = args[inputAt];
    if (input !== null && typeof input === "object" && !("idempotencyKey" in input)) {
      const keyed = [...args] as A;
      keyed[inputAt] = { idempotencyKey: randomUUID(), ...input };
      return use(...keyed);
    }
    return use(...args);
  };
}
