const DIGIT_BITS = 13;
const BUCKETS = 1 << DIGIT_BITS;
const DIGIT_MASK = BUCKETS - 1;

/**
 * Positions 0…n − 1 ordered by the 52-bit key `high * 2^26 + low` (each half below 2^26), equal
 * keys keeping their order: an LSD radix sort in four passes of 13 bits, linear in n, where a
 * comparison sort of a million keys takes several times longer. A pass whose digit is the same
 * for every key (the high bits of places in one region) is skipped.
 */
export function orderByKey(high: Uint32Array, low: Uint32Array): Int32Array {
  const n = high.length;
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let scratch = new Int32Array(n);
  const counts = new Int32Array(BUCKETS);
  for (const [keys, shift] of [
    [low, 0],
    [low, DIGIT_BITS],
    [high, 0],
    [high, DIGIT_BITS],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const bucket = ((keys[i] as number) >>> shift) & DIGIT_MASK;
      counts[bucket] = (counts[bucket] as number) + 1;
    }
    if (n === 0 || counts[((keys[0] as number) >>> shift) & DIGIT_MASK] === n) continue;
    let start = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const count = counts[b] as number;
      counts[b] = start;
      start += count;
    }
    for (let i = 0; i < n; i++) {
      const position = order[i] as number;
      const bucket = ((keys[position] as number) >>> shift) & DIGIT_MASK;
      const at = counts[bucket] as number;
      scratch[at] = position;
      counts[bucket] = at + 1;
    }
    [order, scratch] = [scratch, order];
  }
  return order;
}
