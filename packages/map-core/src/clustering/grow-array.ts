type TypedArray = Float64Array | Int32Array | Uint32Array | Uint8Array;
type TypedArrayType<T extends TypedArray> = {
  new (length: number): T;
  new (buffer: ArrayBufferLike): T;
  readonly BYTES_PER_ELEMENT: number;
};

/**
 * A zeroed array of `length` items, in a SharedArrayBuffer when `shared` (so other threads can
 * read it: see ClusterIndex.follow), else in memory of this thread's own.
 */
export function newArray<T extends TypedArray>(Type: TypedArrayType<T>, length: number, shared: boolean): T {
  return shared ? new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT)) : new Type(length);
}

/**
 * `array` itself when it holds at least `length` items, else a new array of the same type (and
 * the same kind of memory, shared or not) holding its items, with room for `length` and at least
 * twice as many as before, so a buffer grown one item at a time is copied O(log n) times.
 */
export function grown<T extends TypedArray>(array: T, length: number): T {
  if (array.length >= length) return array;
  return copyOf(array, Math.max(length, array.length * 2), isShared(array));
}

/**
 * Whether the array is in shared memory. A browser page that is not cross-origin isolated has no
 * SharedArrayBuffer at all (the offline map runs this index there), so it is looked up first.
 */
export function isShared(array: TypedArray): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && array.buffer instanceof SharedArrayBuffer;
}

/** A new array of `array`'s type, `length` long (in shared memory when `shared`), holding its first items. */
export function copyOf<T extends TypedArray>(array: T, length: number, shared: boolean): T {
  const next = newArray(array.constructor as TypedArrayType<T>, length, shared);
  next.set(array.length > length ? array.subarray(0, length) : array);
  return next;
}
