/**
 * The seeded generator every demo file draws from: a seed gives the same
 * data every time, so the demo, the large data set and the tests can be
 * rebuilt exactly.
 */
export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: small, fast and good enough for fake data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}

/** One item drawn with a probability proportional to its weight (one draw). */
export function pickWeighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  let draw = random.next() * items.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [item, weight] of items) {
    draw -= weight;
    if (draw < 0) return item;
  }
  return items[0]![0];
}

/** `length` random digits, leading zeros kept: "004217". */
export function randomDigits(random: Random, length: number) {
  return String(random.int(0, 10 ** length - 1)).padStart(length, "0");
}
