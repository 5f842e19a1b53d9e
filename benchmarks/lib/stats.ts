/** Summary of a set of timings in milliseconds. */
export interface Timings {
  count: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `samples` (milliseconds). */
export function summarise(samples: readonly number[]): Timings {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, median: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

/** `1.23 ms` with a precision that suits the size. */
export function ms(value: number): string {
  return `${value < 1 ? value.toFixed(3) : value < 100 ? value.toFixed(2) : value.toFixed(0)} ms`;
}

/** A deterministic PRNG (mulberry32) so every run asks the same viewports. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
