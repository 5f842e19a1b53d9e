import type { PlaceStore } from './place-store.ts';
import { orderByKey } from './radix-sort.ts';
import { mortonHigh, mortonLow } from './units.ts';

/** `slots` sorted by their places' Morton codes (a radix sort, stable). */
export function mortonOrder(store: PlaceStore, slots: Int32Array): Int32Array {
  const { x, y } = store;
  const high = new Uint32Array(slots.length);
  const low = new Uint32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as number;
    high[i] = mortonHigh(x[slot] as number, y[slot] as number);
    low[i] = mortonLow(x[slot] as number, y[slot] as number);
  }
  const order = orderByKey(high, low);
  const sorted = new Int32Array(slots.length);
  for (let i = 0; i < sorted.length; i++) sorted[i] = slots[order[i] as number] as number;
  return sorted;
}
