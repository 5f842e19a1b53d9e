type TypedArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

/**
 * `array` itself when it holds at least `length` items, else a new array of the same type holding
 * its items, with room for `length` and at least twice as many as before, so a buffer grown one
 * item at a time is copied O(log n) times.
 */
export function grown<T extends TypedArray>(array: T, length: number): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2));
  next.set(array);
  return next;
}
