/** A seeded generator (mulberry32) for the oracle runs: the same inputs from the same seed on every machine. */
export interface Rng {
  /** [0, 1) */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
}

export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)]!,
  };
}
